import { z } from 'zod';
import type { Env } from '../../env';
import type { SecretBox } from '../../lib/crypto';
import { callProvider, openToken, parseProviderAnswer, ProviderError, providerError } from './provider-http';

/**
 * Google OAuth 2.0 for web server apps and the Google Business Profile APIs.
 * - OAuth: https://developers.google.com/identity/protocols/oauth2/web-server (consent at accounts.google.com,
 *   code and refresh exchanges at POST {GOOGLE_OAUTH_BASE}/token, revocation at POST {GOOGLE_OAUTH_BASE}/revoke).
 * - Reviews: https://developers.google.com/my-business/reference/rest/v4/accounts.locations.reviews
 * - Accounts: https://developers.google.com/my-business/reference/accountmanagement/rest/v1/accounts/list
 * - Locations: https://developers.google.com/my-business/reference/businessinformation/rest/v1/accounts.locations/list
 *   and .../rest/v1/locations/get (with `metadata` in the read mask: the place id and the review link).
 *
 * Each API has its own host at Google. With GOOGLE_API_BASE left at its default every call goes to that
 * API's real host; when GOOGLE_API_BASE is set to anything else (a test's fake, a proxy), every Google API
 * call goes to that one base with the API's own path (/v4/..., /v1/accounts, /v1/accounts/{a}/locations).
 *
 * Tokens are sealed (ctx.secretBox) everywhere outside this file: it takes and returns sealed tokens and
 * opens them only to put them in an Authorization header or a token request.
 */
export const GOOGLE_SCOPE = 'https://www.googleapis.com/auth/business.manage';
const DEFAULT_API_BASE = 'https://mybusiness.googleapis.com';
const API_HOSTS = {
  reviews: DEFAULT_API_BASE,
  accountManagement: 'https://mybusinessaccountmanagement.googleapis.com',
  businessInformation: 'https://mybusinessbusinessinformation.googleapis.com',
} as const;
/** A token this close to its expiry is refreshed before use. */
const EXPIRY_MARGIN_MS = 60_000;
/** The most the reviews list returns per page. */
const REVIEWS_PAGE_SIZE = 50;
/** A location listing or review import never follows more pages than this (a loop guard). */
const MAX_PAGES = 1000;

/** Google's tokens as we store them: both sealed; the expiry in clear. */
export interface SealedGoogleTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date;
}

export interface GoogleBusinessLocation {
  /** `accounts/{a}/locations/{l}`: the parent of the v4 reviews calls. */
  name: string;
  title: string;
  /** Where a customer writes a review of it, or null when Google knows no place for it (unverified). */
  reviewUrl: string | null;
}

/** Google's "write a review" page of a place, for a location whose metadata has no newReviewUri. */
export const googleWriteReviewUrl = (placeId: string) =>
  `https://search.google.com/local/writereview?placeid=${encodeURIComponent(placeId)}`;

/**
 * A Business Information location, read with `metadata` in the read mask:
 * https://developers.google.com/my-business/reference/businessinformation/rest/v1/accounts.locations#Metadata
 */
const LocationSchema = z.object({
  name: z.string().regex(/^locations\/[\w-]+$/),
  title: z.string().default(''),
  metadata: z
    .object({ placeId: z.string().min(1).optional(), newReviewUri: z.string().optional() })
    .optional(),
});
const LOCATION_READ_MASK = 'name,title,metadata';

function reviewUrlOf(location: z.infer<typeof LocationSchema>): string | null {
  const { newReviewUri, placeId } = location.metadata ?? {};
  if (newReviewUri && /^https:\/\//.test(newReviewUri)) return newReviewUri;
  return placeId ? googleWriteReviewUrl(placeId) : null;
}

const STAR_RATINGS = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 } as const;

export interface GoogleReview {
  /** `accounts/{a}/locations/{l}/reviews/{reviewId}` */
  name: string;
  reviewId: string;
  reviewerName: string;
  /** 1-5, or null for STAR_RATING_UNSPECIFIED. */
  rating: number | null;
  comment: string;
  createTime: Date;
  reply: { comment: string; updateTime: Date } | null;
}

const TokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive().default(3600),
  refresh_token: z.string().min(1).optional(),
});

const AccountsAnswerSchema = z.object({
  accounts: z.array(z.object({ name: z.string().regex(/^accounts\/[\w-]+$/) })).default([]),
  nextPageToken: z.string().optional(),
});

const LocationsAnswerSchema = z.object({
  locations: z.array(LocationSchema).default([]),
  nextPageToken: z.string().optional(),
});

const ReviewsAnswerSchema = z.object({
  reviews: z
    .array(
      z.object({
        name: z.string().min(1),
        reviewId: z.string().min(1),
        reviewer: z.object({ displayName: z.string().optional() }).optional(),
        starRating: z.string().optional(),
        comment: z.string().optional(),
        createTime: z.iso.datetime({ offset: true }),
        updateTime: z.iso.datetime({ offset: true }).optional(),
        reviewReply: z
          .object({ comment: z.string(), updateTime: z.iso.datetime({ offset: true }).optional() })
          .optional(),
      }),
    )
    .default([]),
  nextPageToken: z.string().optional(),
});

/** A base that may carry a path prefix (a proxy) plus an API path. */
const joinUrl = (base: string, path: string) => new URL(`${base.replace(/\/+$/, '')}${path}`);

/** `accounts/{a}/locations/{l}`: what we store as googleLocationId and send back in paths. */
export const GOOGLE_LOCATION_NAME = /^accounts\/[\w-]+\/locations\/[\w-]+$/;

/** The v4 resource name of a review, built from the stored location name and Google's reviewId. */
export function googleReviewName(googleLocationId: string, reviewId: string): string {
  if (!GOOGLE_LOCATION_NAME.test(googleLocationId)) throw new Error('Not a Google location name');
  return `${googleLocationId}/reviews/${encodeURIComponent(reviewId)}`;
}

export function createGoogleClient(env: Env, secretBox: SecretBox) {
  const configured = Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
  const overridden = env.GOOGLE_API_BASE.replace(/\/+$/, '') !== DEFAULT_API_BASE;
  const apiUrl = (api: keyof typeof API_HOSTS, path: string) =>
    joinUrl(overridden ? env.GOOGLE_API_BASE : API_HOSTS[api], path);
  const oauthUrl = (path: string) => joinUrl(env.GOOGLE_OAUTH_BASE, path);

  function credentials() {
    if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) {
      throw providerError('Google', 'Google Business Profile is not configured on this server');
    }
    return { client_id: env.GOOGLE_CLIENT_ID, client_secret: env.GOOGLE_CLIENT_SECRET };
  }

  async function tokenRequest(form: Record<string, string>): Promise<z.infer<typeof TokenAnswerSchema>> {
    const body = await callProvider('Google', oauthUrl('/token'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({ ...credentials(), ...form }),
    });
    return parseProviderAnswer('Google', TokenAnswerSchema, body);
  }

  function seal(answer: z.infer<typeof TokenAnswerSchema>, refreshToken: string | null): SealedGoogleTokens {
    return {
      accessToken: secretBox.encrypt(answer.access_token),
      refreshToken: answer.refresh_token ? secretBox.encrypt(answer.refresh_token) : refreshToken,
      expiresAt: new Date(Date.now() + answer.expires_in * 1000),
    };
  }

  return {
    configured,

    /** The consent screen: offline access (a refresh token) and a fresh consent so one is always issued. */
    authorizeUrl(state: string, redirectUri: string): string {
      const url = new URL(env.GOOGLE_AUTHORIZE_URL);
      url.search = new URLSearchParams({
        client_id: credentials().client_id,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: GOOGLE_SCOPE,
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
        state,
      }).toString();
      return url.toString();
    },

    async exchangeCode(code: string, redirectUri: string): Promise<SealedGoogleTokens> {
      const answer = await tokenRequest({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
      });
      return seal(answer, null);
    },

    /** Best effort: revoking the refresh token ends the whole grant. Throws on failure; callers ignore it. */
    async revoke(tokens: Pick<SealedGoogleTokens, 'accessToken' | 'refreshToken'>): Promise<void> {
      const token = openToken(secretBox, 'Google', tokens.refreshToken ?? tokens.accessToken);
      await callProvider('Google', oauthUrl('/revoke'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token }),
      });
    },

    /**
     * Calls on behalf of one connection. The access token is refreshed before any call when it has expired
     * (or is about to); `persist` stores the new sealed tokens.
     */
    session(stored: SealedGoogleTokens, persist: (fresh: SealedGoogleTokens) => Promise<void>) {
      let current = stored;

      /** A new access token from the refresh token; a refused refresh means the grant is gone. */
      async function refresh(): Promise<void> {
        if (!current.refreshToken) {
          throw providerError(
            'Google',
            'the connection has expired; connect Google Business Profile again',
            'auth',
          );
        }
        let answer;
        try {
          answer = await tokenRequest({
            grant_type: 'refresh_token',
            refresh_token: openToken(secretBox, 'Google', current.refreshToken),
          });
        } catch (err) {
          // RFC 6749 section 5.2: invalid_grant is a revoked or expired refresh token.
          if (err instanceof ProviderError && /invalid_grant|expired or revoked/i.test(err.message)) {
            throw providerError('Google', err.providerMessage, 'auth');
          }
          throw err;
        }
        current = seal(answer, current.refreshToken);
        await persist(current);
      }

      async function accessToken(): Promise<string> {
        if (current.expiresAt.getTime() - EXPIRY_MARGIN_MS <= Date.now()) await refresh();
        return openToken(secretBox, 'Google', current.accessToken);
      }

      /** A call with the access token; a 401 refreshes the token once and tries again. */
      async function call(url: URL, init: RequestInit = {}): Promise<unknown> {
        const attempt = async () =>
          callProvider('Google', url, {
            ...init,
            headers: {
              ...init.headers,
              Authorization: `Bearer ${await accessToken()}`,
              Accept: 'application/json',
            },
          });
        try {
          return await attempt();
        } catch (err) {
          if (!(err instanceof ProviderError) || err.failure !== 'auth') throw err;
          await refresh();
          return attempt();
        }
      }

      const get = (url: URL) => call(url);

      return {
        /** Every location of every account the user manages, as `accounts/{a}/locations/{l}`. */
        async listLocations(): Promise<GoogleBusinessLocation[]> {
          const accounts: string[] = [];
          let pageToken: string | undefined;
          for (let page = 0; page < MAX_PAGES; page += 1) {
            const url = apiUrl('accountManagement', '/v1/accounts');
            if (pageToken) url.searchParams.set('pageToken', pageToken);
            const answer = parseProviderAnswer('Google', AccountsAnswerSchema, await get(url));
            accounts.push(...answer.accounts.map((a) => a.name));
            pageToken = answer.nextPageToken;
            if (!pageToken) break;
          }
          const found: GoogleBusinessLocation[] = [];
          for (const account of accounts) {
            pageToken = undefined;
            for (let page = 0; page < MAX_PAGES; page += 1) {
              const url = apiUrl('businessInformation', `/v1/${account}/locations`);
              url.searchParams.set('readMask', LOCATION_READ_MASK);
              url.searchParams.set('pageSize', '100');
              if (pageToken) url.searchParams.set('pageToken', pageToken);
              const answer = parseProviderAnswer('Google', LocationsAnswerSchema, await get(url));
              found.push(
                ...answer.locations.map((l) => ({
                  name: `${account}/${l.name}`,
                  title: l.title,
                  reviewUrl: reviewUrlOf(l),
                })),
              );
              pageToken = answer.nextPageToken;
              if (!pageToken) break;
            }
          }
          return found;
        },

        /** Where customers review one location: GET /v1/locations/{l} (Business Information's get). */
        async reviewUrl(googleLocationId: string): Promise<string | null> {
          if (!GOOGLE_LOCATION_NAME.test(googleLocationId)) throw new Error('Not a Google location name');
          const url = apiUrl(
            'businessInformation',
            `/v1/${googleLocationId.replace(/^accounts\/[\w-]+\//, '')}`,
          );
          url.searchParams.set('readMask', LOCATION_READ_MASK);
          return reviewUrlOf(parseProviderAnswer('Google', LocationSchema, await get(url)));
        },

        /** Every review of a location, page by page (at most 50 a page). */
        async *listReviews(googleLocationId: string): AsyncGenerator<GoogleReview[]> {
          if (!GOOGLE_LOCATION_NAME.test(googleLocationId)) throw new Error('Not a Google location name');
          let pageToken: string | undefined;
          for (let page = 0; page < MAX_PAGES; page += 1) {
            const url = apiUrl('reviews', `/v4/${googleLocationId}/reviews`);
            url.searchParams.set('pageSize', String(REVIEWS_PAGE_SIZE));
            if (pageToken) url.searchParams.set('pageToken', pageToken);
            const answer = parseProviderAnswer('Google', ReviewsAnswerSchema, await get(url));
            yield answer.reviews.map((r) => ({
              name: r.name,
              reviewId: r.reviewId,
              reviewerName: r.reviewer?.displayName ?? '',
              rating: STAR_RATINGS[r.starRating as keyof typeof STAR_RATINGS] ?? null,
              comment: r.comment ?? '',
              createTime: new Date(r.createTime),
              reply: r.reviewReply
                ? {
                    comment: r.reviewReply.comment,
                    updateTime: new Date(r.reviewReply.updateTime ?? r.updateTime ?? r.createTime),
                  }
                : null,
            }));
            pageToken = answer.nextPageToken;
            if (!pageToken) return;
          }
        },

        /** Creates or updates the owner's reply: PUT /v4/{review name}/reply. */
        async reply(reviewName: string, comment: string): Promise<void> {
          await call(apiUrl('reviews', `/v4/${reviewName}/reply`), {
            method: 'PUT',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ comment }),
          });
        },

        /** Deletes the owner's reply: DELETE /v4/{review name}/reply. */
        async deleteReply(reviewName: string): Promise<void> {
          await call(apiUrl('reviews', `/v4/${reviewName}/reply`), { method: 'DELETE' });
        },
      };
    },
  };
}

export type GoogleClient = ReturnType<typeof createGoogleClient>;
