import type { Provider } from '@shared/schemas/integrations';

/** The connection of a review's location, as a publisher needs it to post there. */
export interface ReplyLocation {
  id: number;
  name: string;
  googleLocationId: string | null;
  googleAccessToken: string | null;
  googleRefreshToken: string | null;
  googleTokenExpiresAt: Date | null;
  googleReconnectNeededAt: Date | null;
  facebookPageId: string | null;
  facebookAccessToken: string | null;
  facebookReconnectNeededAt: Date | null;
}

/** A review as a publisher needs it: where it came from and where its reply now lives. */
export interface ReplyTarget {
  id: number;
  type: string;
  externalId: string | null;
  responsePublishedTo: Provider | null;
  responseExternalId: string | null;
  location: ReplyLocation | null;
}

/**
 * What happened on the review site. `failed` is true when the site was asked and refused or did not answer
 * (as opposed to a reply that was never meant for a site, or could not be sent because nothing is connected).
 * `reconnect` is true when the site no longer accepts the connection (refused now, or already marked so):
 * trying again is useless until the owner connects it again.
 */
export type SiteOutcome =
  | { site: Provider; externalId: string | null }
  | { site: 'none'; reason: string | null; failed: boolean; reconnect?: boolean };

/**
 * Where a reply is posted, edited and deleted. The integrations feature implements it for Google and Facebook;
 * routes/ and jobs.ts hand it in, so replies never imports integrations and integrations never imports replies'
 * internals. It never throws for a site's refusal: it answers what happened.
 */
export interface ReplyPublisher {
  /** Whether the review's reply would go to its site now (connected, not waiting to be reconnected). */
  canPublish(target: ReplyTarget): boolean;
  /** Posts a new reply, or updates the one already posted. */
  publish(ownerId: number, target: ReplyTarget, text: string): Promise<SiteOutcome>;
  /** Deletes the reply on the site it was posted on. */
  unpublish(ownerId: number, target: ReplyTarget): Promise<SiteOutcome>;
}
