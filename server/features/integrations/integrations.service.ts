import type { Session, SessionData } from 'express-session';
import {
  IMPORT_NOT_CONNECTED,
  type DisconnectResult,
  type GoogleLocationChoice,
  type IntegrationsOverview,
  type LinkGoogleLocationInput,
  type OAuthCallbackQuery,
  type OAuthErrorReason,
  type Provider,
} from '@shared/schemas/integrations';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { wholeClient, type Scope } from '../../db/scope';
import type { Logger } from '../../lib/logger';
import type { FacebookClient, FacebookPage } from './facebook.client';
import type { GoogleBusinessLocation, GoogleClient } from './google.client';
import type { AppContext } from '../../lib/context';
import {
  createIntegrationsRepository,
  type IntegrationLocation,
  type IntegrationsRepository,
} from './integrations.repository';
import { createOAuthState, type OAuthFlow, type OAuthState } from './oauth-state';
import { locationGoogleSession } from './google-session';

type OAuthSession = Session & Partial<SessionData>;

/** The signed-in user behind a request, and the client whose area it acts in. */
export interface Actor {
  userId: number;
  isAdmin: boolean;
  tenantId: number;
}

interface Dependencies {
  repo: IntegrationsRepository;
  google: GoogleClient;
  facebook: FacebookClient;
  state: OAuthState;
  logger: Logger;
  publicBaseUrl: string;
  syncIntervalMinutes: number;
}

const LOCATION_NOT_FOUND = 'Location not found';
const CHOOSE_LOCATION = 'Choose the location to connect.';

export const oauthErrorPath = (provider: Provider, reason: OAuthErrorReason) =>
  `/oauth-error?${new URLSearchParams({ provider, reason })}`;

/** Where the browser lands after connecting: the client's settings, or the admin's view of them. */
function settingsPath(flow: OAuthFlow, extra: Record<string, string> = {}) {
  const base = flow.userId === flow.tenantId ? '/settings' : `/admin/client/${flow.tenantId}/settings`;
  return `${base}?${new URLSearchParams({ tab: 'integrations', connected: flow.provider, ...extra })}`;
}

/** The part of a Facebook address that names the Page: `/testpage/reviews` → `testpage`. */
function facebookSlug(address: string | null): string | null {
  if (!address) return null;
  try {
    const url = new URL(address.includes('://') ? address : `https://${address}`);
    if (url.pathname === '/profile.php') return url.searchParams.get('id');
    const parts = url.pathname.split('/').filter(Boolean);
    // facebook.com/pages/Some-Name/123456 names the Page by its id.
    if (parts[0] === 'pages') return parts.find((p) => /^\d+$/.test(p)) ?? null;
    return parts[0]?.toLowerCase() ?? null;
  } catch {
    return null;
  }
}

/** The Page's reviews tab, where a customer recommends it: by its @username, else by its id. */
export function facebookReviewsUrl(page: Pick<FacebookPage, 'id' | 'username' | 'link'>): string {
  const name = page.username ?? facebookSlug(page.link) ?? page.id;
  return `https://www.facebook.com/${encodeURIComponent(name)}/reviews`;
}

function choosePage(pages: FacebookPage[], facebookPageUrl: string | null): FacebookPage | null {
  const wanted = facebookSlug(facebookPageUrl);
  if (wanted) {
    const matches = pages.filter(
      (p) => p.id === wanted || p.username?.toLowerCase() === wanted || facebookSlug(p.link) === wanted,
    );
    if (matches.length === 1) return matches[0]!;
  }
  return pages.length === 1 ? pages[0]! : null;
}

function chooseGoogleLocation(found: GoogleBusinessLocation[], name: string): GoogleBusinessLocation | null {
  if (found.length === 1) return found[0]!;
  const wanted = name.trim().toLowerCase();
  const matches = found.filter((l) => l.title.trim().toLowerCase() === wanted);
  return matches.length === 1 ? matches[0]! : null;
}

export function createIntegrationsService(deps: Dependencies) {
  const { repo, google, facebook, state, logger } = deps;
  const redirectUri = (provider: Provider) => `${deps.publicBaseUrl}/api/integrations/${provider}/callback`;
  const clients = { google, facebook };

  const googleSession = (ownerId: number, location: IntegrationLocation) =>
    locationGoogleSession(google, repo, ownerId, location);

  /** The flow named by the callback's state, or the reason it cannot go on. */
  async function openCallback(
    provider: Provider,
    session: OAuthSession,
    actor: Actor,
    query: OAuthCallbackQuery,
  ): Promise<{ flow: OAuthFlow; location: IntegrationLocation; code: string } | { failed: string }> {
    const flow = state.verify(session, provider, actor.userId, query.state);
    if (query.error) {
      return {
        failed: oauthErrorPath(
          provider,
          query.error === 'access_denied' ? 'access_denied' : 'exchange_failed',
        ),
      };
    }
    // Only an admin may finish a flow for another client's area (one they started, as the state says).
    if (!flow || !query.code || (flow.tenantId !== actor.tenantId && !actor.isAdmin)) {
      return { failed: oauthErrorPath(provider, 'invalid_state') };
    }
    const location = await repo.findLocation(flow.tenantId, flow.locationId);
    if (!location) return { failed: oauthErrorPath(provider, 'location_not_found') };
    return { flow, location, code: query.code };
  }

  function exchangeFailed(provider: Provider, err: unknown): string {
    if (!(err instanceof AppError)) throw err;
    logger.warn({ provider, message: err.message }, 'OAuth code exchange failed');
    return oauthErrorPath(provider, 'exchange_failed');
  }

  return {
    async overview(scope: Scope): Promise<IntegrationsOverview> {
      const rows = await repo.listLocations(scope);
      const iso = (date: Date | null) => date?.toISOString() ?? null;
      return {
        googleConfigured: google.configured,
        facebookConfigured: facebook.configured,
        syncIntervalMinutes: deps.syncIntervalMinutes,
        locations: rows.map((row) => ({
          locationId: row.id,
          locationName: row.name,
          google: {
            connected: Boolean(row.googleAccessToken && row.googleLocationId),
            tokenStored: Boolean(row.googleAccessToken),
            reconnectNeeded: Boolean(row.googleReconnectNeededAt),
            lastSyncAt: iso(row.googleSyncedAt),
            lastSyncError: row.googleSyncError,
            locationId: row.googleLocationId,
          },
          facebook: {
            connected: Boolean(row.facebookAccessToken && row.facebookPageId),
            tokenStored: Boolean(row.facebookAccessToken),
            reconnectNeeded: Boolean(row.facebookReconnectNeededAt),
            lastSyncAt: iso(row.facebookSyncedAt),
            lastSyncError: row.facebookSyncError,
            pageId: row.facebookPageId,
          },
        })),
      };
    },

    /** The provider's consent URL for one of the client's locations (or /oauth-error when unconfigured). */
    async connectUrl(provider: Provider, session: OAuthSession, actor: Actor, locationId?: number) {
      const client = clients[provider];
      if (!client.configured) return oauthErrorPath(provider, 'not_configured');
      const chosen = locationId ?? (await repo.onlyLocationId(actor.tenantId));
      if (chosen === undefined) throw badRequest(CHOOSE_LOCATION);
      if (!(await repo.findLocation(actor.tenantId, chosen))) throw notFound(LOCATION_NOT_FOUND);
      const issued = state.issue(session, {
        provider,
        tenantId: actor.tenantId,
        userId: actor.userId,
        locationId: chosen,
      });
      return client.authorizeUrl(issued, redirectUri(provider));
    },

    /** Finishes the Google consent: stores the sealed tokens and picks the Google location when it can. */
    async finishGoogle(session: OAuthSession, actor: Actor, query: OAuthCallbackQuery): Promise<string> {
      const opened = await openCallback('google', session, actor, query);
      if ('failed' in opened) return opened.failed;
      const { flow, location, code } = opened;

      let tokens;
      try {
        tokens = await google.exchangeCode(code, redirectUri('google'));
      } catch (err) {
        return exchangeFailed('google', err);
      }

      let chosen: GoogleBusinessLocation | null = null;
      let reason: string | undefined;
      try {
        const found = await google
          .session(tokens, async (fresh) => {
            tokens = fresh;
          })
          .listLocations();
        chosen = chooseGoogleLocation(found, location.name);
        if (!chosen) reason = found.length === 0 ? 'no_locations' : 'choose_location';
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        logger.warn({ provider: 'google', message: err.message }, 'Google locations not listed');
        reason = 'locations_unavailable';
      }

      await repo.saveGoogleConnection(flow.tenantId, flow.locationId, {
        ...tokens,
        googleLocationId: chosen?.name ?? null,
        reviewUrl: chosen?.reviewUrl ?? null,
      });
      return settingsPath(flow, reason ? { reason } : {});
    },

    /** Finishes the Facebook login: stores the sealed Page token of the location's Page. */
    async finishFacebook(session: OAuthSession, actor: Actor, query: OAuthCallbackQuery): Promise<string> {
      const opened = await openCallback('facebook', session, actor, query);
      if ('failed' in opened) return opened.failed;
      const { flow, location, code } = opened;

      let pages: FacebookPage[];
      try {
        pages = await facebook.listPages(await facebook.exchangeCode(code, redirectUri('facebook')));
      } catch (err) {
        return exchangeFailed('facebook', err);
      }
      if (pages.length === 0) return oauthErrorPath('facebook', 'no_pages');
      const page = choosePage(pages, location.facebookPageUrl);
      if (!page) return oauthErrorPath('facebook', 'no_matching_page');

      await repo.saveFacebookConnection(flow.tenantId, flow.locationId, {
        ...page,
        reviewUrl: facebookReviewsUrl(page),
      });
      return settingsPath(flow);
    },

    /** The Google account's locations, for the picker: listed with a token the client stored. */
    async googleLocations(ownerId: number): Promise<GoogleLocationChoice[]> {
      const rows = await repo.listLocations(wholeClient(ownerId));
      const source = rows.find((row) => row.googleAccessToken && !row.googleReconnectNeededAt);
      if (!source) throw badRequest(IMPORT_NOT_CONNECTED.google);
      const found = await googleSession(ownerId, source).listLocations();
      return found.map((choice) => ({
        name: choice.name,
        title: choice.title,
        linkedLocationId: rows.find((row) => row.googleLocationId === choice.name)?.id ?? null,
      }));
    },

    /**
     * Links one of the client's locations to one of the Google account's: the Google location must be one
     * the stored grant reaches, and not linked to another of the client's locations (its reviews would be
     * imported twice). The grant is shared with the location when it has none of its own.
     */
    async linkGoogleLocation(ownerId: number, input: LinkGoogleLocationInput): Promise<IntegrationsOverview> {
      const rows = await repo.listLocations(wholeClient(ownerId));
      const target = rows.find((row) => row.id === input.locationId);
      if (!target) throw notFound(LOCATION_NOT_FOUND);
      const other = rows.find(
        (row) => row.googleLocationId === input.googleLocationId && row.id !== target.id,
      );
      if (other) throw conflict(`That Google location is already linked to ${other.name}.`);
      const source =
        target.googleAccessToken && !target.googleReconnectNeededAt
          ? target
          : rows.find((row) => row.googleAccessToken && !row.googleReconnectNeededAt);
      if (!source) throw badRequest(IMPORT_NOT_CONNECTED.google);
      const reachable = await googleSession(ownerId, source).listLocations();
      const chosen = reachable.find((choice) => choice.name === input.googleLocationId);
      if (!chosen) throw badRequest('That Google location is not one this Google account manages.');
      await repo.saveGoogleConnection(ownerId, target.id, {
        accessToken: source.googleAccessToken!,
        refreshToken: source.googleRefreshToken,
        expiresAt: source.googleTokenExpiresAt ?? new Date(0),
        googleLocationId: chosen.name,
        reviewUrl: chosen.reviewUrl,
      });
      return this.overview(wholeClient(ownerId));
    },

    /** Clears the tokens of one location or all; Google grants are revoked, best effort. */
    async disconnect(provider: Provider, ownerId: number, locationId?: number): Promise<DisconnectResult> {
      if (locationId !== undefined && !(await repo.findLocation(ownerId, locationId))) {
        throw notFound(LOCATION_NOT_FOUND);
      }
      if (provider === 'facebook') return { disconnected: await repo.clearFacebook(ownerId, locationId) };

      const cleared = (await repo.clearGoogle(ownerId, locationId)).filter((row) => row.accessToken);
      if (google.configured) {
        const results = await Promise.allSettled(
          cleared.map((row) =>
            google.revoke({ accessToken: row.accessToken!, refreshToken: row.refreshToken }),
          ),
        );
        for (const result of results) {
          if (result.status === 'rejected') {
            const message = result.reason instanceof Error ? result.reason.message : 'unknown';
            logger.warn({ provider: 'google', message }, 'Google grant not revoked');
          }
        }
      }
      return { disconnected: cleared.length };
    },
  };
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;

/** The service over the app's database and providers, as its routes use it. */
export function integrationsServiceFor(
  ctx: Pick<AppContext, 'db' | 'google' | 'facebook' | 'secretBox' | 'logger' | 'env'>,
) {
  return createIntegrationsService({
    repo: createIntegrationsRepository(ctx.db),
    google: ctx.google,
    facebook: ctx.facebook,
    state: createOAuthState(ctx.secretBox),
    logger: ctx.logger,
    publicBaseUrl: ctx.env.publicBaseUrl,
    syncIntervalMinutes: ctx.env.SYNC_INTERVAL_MINUTES,
  });
}
