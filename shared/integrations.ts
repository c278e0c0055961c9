// The integrations' words, without zod (the schemas are in shared/schemas/integrations.ts, which exports
// these too).

/** Review sites a location can be connected to (PRODUCT.md section 5, Integrations). */
export const PROVIDERS = ['google', 'facebook'] as const;
export type Provider = (typeof PROVIDERS)[number];

export const PROVIDER_LABELS: Record<Provider, string> = {
  google: 'Google Business Profile',
  facebook: 'Facebook',
};

/** The site a review or a reply is on, as a sentence names it ("no longer on Google"). */
export const PROVIDER_SITES: Record<Provider, string> = {
  google: 'Google',
  facebook: 'Facebook',
};

/** The site a review of this type came from, or null for one left here (private feedback, a video). */
export function providerOf(type: string): Provider | null {
  return (PROVIDERS as readonly string[]).includes(type) ? (type as Provider) : null;
}

/** Why a connection landed on /oauth-error (the query value `reason`). */
export const OAUTH_ERROR_REASONS = [
  'not_configured',
  'invalid_state',
  'access_denied',
  'exchange_failed',
  'location_not_found',
  'no_pages',
  'no_matching_page',
] as const;
export type OAuthErrorReason = (typeof OAUTH_ERROR_REASONS)[number];

/**
 * Why a Google connection landed on Settings › Integrations without a linked Google location (the query
 * value `reason` next to `connected=google`).
 */
export const CONNECTED_NOTICE_REASONS = ['choose_location', 'no_locations', 'locations_unavailable'] as const;
export type ConnectedNoticeReason = (typeof CONNECTED_NOTICE_REASONS)[number];

/** One provider's connection of one location. */
export interface ProviderConnection {
  /** Usable: a token and the site's location or page are both stored (seed-spec section 3). */
  connected: boolean;
  /** A token is stored (it can always be removed, even when it is not usable). */
  tokenStored: boolean;
  /** The site refused the stored grant (revoked or expired): connect again. */
  reconnectNeeded: boolean;
  lastSyncAt: string | null;
  lastSyncError: string | null;
}

/** GET /api/integrations: one entry per location of the client. */
export interface LocationIntegrations {
  locationId: number;
  locationName: string;
  google: ProviderConnection & { locationId: string | null };
  facebook: ProviderConnection & { pageId: string | null };
}

export interface IntegrationsOverview {
  googleConfigured: boolean;
  facebookConfigured: boolean;
  /** Minutes between automatic imports of every connected location. */
  syncIntervalMinutes: number;
  locations: LocationIntegrations[];
}

/** The import answer (seed-spec section 3: Import result). */
export interface ImportResult {
  imported: number;
}

export const SYNC_TRIGGERS = ['schedule', 'manual'] as const;
export type SyncTrigger = (typeof SYNC_TRIGGERS)[number];
export const SYNC_RUN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type SyncRunStatus = (typeof SYNC_RUN_STATUSES)[number];

/**
 * One import of a provider's reviews (POST .../import-reviews answers it at once, 202; GET
 * /api/integrations/sync-runs/{id} follows it). `imported` counts reviews created or changed so far.
 */
export interface SyncRun extends ImportResult {
  id: number;
  provider: Provider;
  trigger: SyncTrigger;
  status: SyncRunStatus;
  /** Why the run failed, or why one of its locations could not be imported. */
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** A business location of the connected Google account (the picker's choices). */
export interface GoogleLocationChoice {
  /** `accounts/{a}/locations/{l}` */
  name: string;
  title: string;
  /** Which of the client's locations is linked to it, if any. */
  linkedLocationId: number | null;
}

export const GOOGLE_LOCATION_NAME_PATTERN = /^accounts\/[\w-]+\/locations\/[\w-]+$/;

export interface DisconnectResult {
  disconnected: number;
}

export const IMPORT_NOT_CONNECTED: Record<Provider, string> = {
  google: 'Connect Google Business Profile in Settings → Integrations before importing reviews.',
  facebook: 'Connect Facebook in Settings → Integrations before importing reviews.',
};

export const REPLY_NOT_CONNECTED: Record<Provider, string> = {
  google: "Connect this review's location to Google Business Profile in Settings → Integrations first.",
  facebook: "Connect this review's location to Facebook in Settings → Integrations first.",
};

export const REPLY_NOT_IMPORTED: Record<Provider, string> = {
  google: 'This review was not imported from Google, so it cannot be answered there.',
  facebook: 'This review was not imported from Facebook, so it cannot be answered there.',
};

export const REPLY_WRONG_SOURCE: Record<Provider, string> = {
  google: 'Only Google reviews can be answered on Google.',
  facebook: 'Only Facebook reviews can be answered on Facebook.',
};
