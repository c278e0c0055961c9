// Google and Facebook: the provider clients app.ts builds, the routes and jobs, and what replies publish through.
import type { FacebookClient } from './facebook.client';
import type { GoogleClient } from './google.client';

export { createFacebookClient } from './facebook.client';
export { createGoogleClient } from './google.client';
export { createIntegrationsRoutes } from './integrations.routes';
export { createIntegrationsJobs } from './integrations.jobs';
// The reply targets store and publisher reviews' replies.service builds; a narrower port is left to do.
export { createIntegrationsRepository, type IntegrationsRepository } from './integrations.repository';
export {
  createReplyPublisher,
  type ReplyPublisher,
  type ReplyTarget,
  type SiteOutcome,
} from './reply-publisher';

// The feature adds its clients to the context lib/context.ts declares, so lib/ names no feature.
declare module '../../lib/context' {
  interface AppContext {
    /** Google Business Profile and Facebook Pages: imports and replies. */
    google: GoogleClient;
    facebook: FacebookClient;
  }
}
