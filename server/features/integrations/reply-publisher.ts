import { PROVIDER_SITES as SITE, providerOf, type Provider } from '@shared/integrations';
import { AppError } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import type { FacebookClient } from './facebook.client';
import { googleReviewName, type GoogleClient } from './google.client';
import type { ReplyLocation, ReplyPublisher, ReplyTarget, SiteOutcome } from '../replies';
import type { IntegrationsRepository } from './integrations.repository';
import { ProviderError } from './provider-http';
import { markReconnectNeeded } from './reconnect';
import { locationGoogleSession } from './google-session';

/** What a reply says when its site stopped accepting the connection: "Google must be connected again". */
export const reconnectReason = (provider: Provider) => `${SITE[provider]} must be connected again`;

type Route =
  | { provider: Provider; ready: true; location: ReplyLocation; externalId: string }
  | { provider: Provider | null; ready: false; reason: string | null; reconnect?: boolean };

/** Whether a review's reply can go to its site, and if not, why in a few words. */
function routeOf(target: ReplyTarget): Route {
  const provider = providerOf(target.type);
  if (!provider) return { provider: null, ready: false, reason: null };
  const site = SITE[provider];
  const location = target.location;
  const connected =
    provider === 'google'
      ? Boolean(location?.googleAccessToken && location.googleLocationId)
      : Boolean(location?.facebookAccessToken && location.facebookPageId);
  if (!location || !connected) return { provider, ready: false, reason: `${site} is not connected` };
  const reconnect =
    provider === 'google' ? location.googleReconnectNeededAt : location.facebookReconnectNeededAt;
  if (reconnect) return { provider, ready: false, reason: reconnectReason(provider), reconnect: true };
  if (!target.externalId || (provider === 'facebook' && target.externalId.startsWith('rating:'))) {
    return { provider, ready: false, reason: `this review was not imported from ${site}` };
  }
  return { provider, ready: true, location, externalId: target.externalId };
}

/**
 * The replies feature's publisher for Google and Facebook (issue 10). It never throws for a site's refusal: it
 * answers what happened, and a refused grant marks the location "reconnect needed" (the owner is told).
 */
export function createReplyPublisher(deps: {
  repo: IntegrationsRepository;
  google: GoogleClient;
  facebook: FacebookClient;
  events: EventBus;
}): ReplyPublisher {
  const { repo, google, facebook, events } = deps;

  const googleSession = (ownerId: number, location: ReplyLocation) =>
    locationGoogleSession(google, repo, ownerId, location);

  /** Runs a site call; a refusal becomes an outcome (and a refused grant is recorded). */
  async function attempt(
    ownerId: number,
    route: Extract<Route, { ready: true }>,
    call: () => Promise<string | null>,
  ): Promise<SiteOutcome> {
    try {
      return { site: route.provider, externalId: await call() };
    } catch (err) {
      if (!(err instanceof AppError) || err.status < 400) throw err;
      const failure = err instanceof ProviderError ? err.failure : 'auth';
      if (failure === 'auth') {
        await markReconnectNeeded(repo, events, ownerId, route.location, route.provider, err.message);
        return { site: 'none', reason: reconnectReason(route.provider), failed: true, reconnect: true };
      }
      return { site: 'none', reason: err.message, failed: true };
    }
  }

  return {
    canPublish: (target) => routeOf(target).ready,

    /** Google's reply is one per review: posting again updates it. */
    async publish(ownerId, target, text) {
      const route = routeOf(target);
      if (!route.ready)
        return { site: 'none', reason: route.reason, failed: false, reconnect: route.reconnect };
      if (route.provider === 'google') {
        const name = googleReviewName(route.location.googleLocationId!, route.externalId);
        return attempt(ownerId, route, async () => {
          await googleSession(ownerId, route.location).reply(name, text);
          return null;
        });
      }
      const page = facebook.page(route.location.facebookPageId!, route.location.facebookAccessToken!);
      const posted = target.responsePublishedTo === 'facebook' ? target.responseExternalId : null;
      return attempt(ownerId, route, async () => {
        if (posted) {
          await page.editComment(posted, text);
          return posted;
        }
        return page.comment(route.externalId, text);
      });
    },

    async unpublish(ownerId, target) {
      const publishedTo = target.responsePublishedTo;
      if (!publishedTo) return { site: 'none', reason: null, failed: false };
      const route = routeOf(target);
      if (!route.ready || route.provider !== publishedTo) {
        return { site: 'none', reason: route.ready ? null : route.reason, failed: false };
      }
      if (publishedTo === 'google') {
        const name = googleReviewName(route.location.googleLocationId!, route.externalId);
        return attempt(ownerId, route, async () => {
          await googleSession(ownerId, route.location).deleteReply(name);
          return null;
        });
      }
      const commentId = target.responseExternalId;
      if (!commentId)
        return { site: 'none', reason: 'Facebook did not tell us which comment it was', failed: false };
      return attempt(ownerId, route, async () => {
        await facebook
          .page(route.location.facebookPageId!, route.location.facebookAccessToken!)
          .deleteComment(commentId);
        return null;
      });
    },
  };
}
