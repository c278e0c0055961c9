// Google and Facebook: the provider clients app.ts builds, the routes and jobs, and the publisher replies are posted through.
import type { FacebookClient } from './facebook.client';
import type { GoogleClient } from './google.client';
import type { AppContext } from '../../lib/context';
import type { ReplyPublisher } from '../replies';
import { createIntegrationsRepository } from './integrations.repository';
import { createReplyPublisher } from './reply-publisher';

export { createFacebookClient } from './facebook.client';
export { createGoogleClient } from './google.client';
export { createIntegrationsRoutes } from './integrations.routes';
export { createIntegrationsJobs } from './integrations.jobs';
/** Google's and Facebook's side of the replies feature's publisher port, for routes/ and jobs.ts to hand in. */
export function replyPublisherFor(
  ctx: Pick<AppContext, 'db' | 'google' | 'facebook' | 'events'>,
): ReplyPublisher {
  return createReplyPublisher({
    repo: createIntegrationsRepository(ctx.db),
    google: ctx.google,
    facebook: ctx.facebook,
    events: ctx.events,
  });
}

// The feature adds its clients to the context lib/context.ts declares, so lib/ names no feature.
declare module '../../lib/context' {
  interface AppContext {
    /** Google Business Profile and Facebook Pages: imports and replies. */
    google: GoogleClient;
    facebook: FacebookClient;
  }
}
