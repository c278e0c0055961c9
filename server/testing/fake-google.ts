import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Google's OAuth 2.0 token endpoints and the Google Business Profile APIs, speaking
 * their HTTP protocol (https://developers.google.com/identity/protocols/oauth2/web-server,
 * https://developers.google.com/my-business/reference/rest/v4/accounts.locations.reviews). Point
 * GOOGLE_OAUTH_BASE and GOOGLE_API_BASE at `fake.url`. It checks what Google checks: the client
 * credentials, single-use codes bound to their redirect URI, bearer tokens and their expiry, and bodies.
 */

export interface FakeGoogleReview {
  reviewId: string;
  reviewer: { displayName: string };
  starRating: 'ONE' | 'TWO' | 'THREE' | 'FOUR' | 'FIVE' | 'STAR_RATING_UNSPECIFIED';
  comment?: string;
  createTime: string;
  updateTime: string;
  reviewReply?: { comment: string; updateTime: string };
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

/** An error the next matching request answers (Google's error body), with extra headers (Retry-After). */
export interface FakeFailure {
  status: number;
  message: string;
  headers?: Record<string, string>;
}

interface Failure extends FakeFailure {
  path: RegExp;
}

const STARS = ['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'] as const;

/**
 * A location's Metadata as the Business Information API answers it (placeId, newReviewUri among others;
 * Google leaves them out for a location with no verified place).
 */
export interface FakeLocationMetadata {
  placeId?: string;
  newReviewUri?: string;
  mapsUri?: string;
}

interface FakeLocation {
  name: string;
  title: string;
  metadata: FakeLocationMetadata;
}

/** What Google gives a verified location unless a test says otherwise. */
const defaultMetadata = (location: string): FakeLocationMetadata => ({
  placeId: `ChIJ${location}`,
  newReviewUri: `https://g.page/r/${location}/review`,
  mapsUri: `https://maps.google.com/maps?cid=${location}`,
});

/** The location as Google answers it: only the fields the read mask names (name, title, metadata). */
function masked(location: FakeLocation, readMask: string): Record<string, unknown> {
  const fields = readMask.split(',').map((f) => f.trim());
  return Object.fromEntries(
    (['name', 'title', 'metadata'] as const)
      .filter((field) => fields.includes(field))
      .map((field) => [field, location[field]]),
  );
}

/** A review as Google lists it, numbered `n`. */
export function googleReview(n: number, overrides: Partial<FakeGoogleReview> = {}): FakeGoogleReview {
  const time = new Date(Date.UTC(2024, 0, 1) + n * 3_600_000).toISOString();
  return {
    reviewId: `review-${n}`,
    reviewer: { displayName: `Reviewer ${n}` },
    starRating: STARS[n % 5]!,
    comment: `Google review number ${n}`,
    createTime: time,
    updateTime: time,
    ...overrides,
  };
}

async function readBody(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  const type = req.headers['content-type'] ?? '';
  if (type.startsWith('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(text));
  if (type.startsWith('application/json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return { __malformed: text };
    }
  }
  return text;
}

export interface GrantOptions {
  accessToken?: string;
  refreshToken?: string;
  accounts?: string[];
}

export interface FakeGoogleOptions {
  clientId: string;
  clientSecret: string;
  /** Access tokens live this long (seconds). */
  expiresIn?: number;
  /** A fixed port (the end-to-end suite's app is configured with it); 0 or omitted: any free port. */
  port?: number;
  /**
   * Answer the test's own control calls under /__control/ (add a location, add, change or remove a review, read a review's
   * reply), for a fake running in its own process (the end-to-end suite).
   */
  control?: boolean;
}

export async function startFakeGoogle(options: FakeGoogleOptions) {
  const accounts = new Map<string, FakeLocation[]>();
  const reviews = new Map<string, FakeGoogleReview[]>();
  /** Which accounts a grant reaches: the Google user's own (null: every account of the fake). */
  type Reach = string[] | null;
  const codes = new Map<
    string,
    { redirectUri: string; accessToken: string; refreshToken: string; reach: Reach }
  >();
  const accessTokens = new Map<string, { expiresAt: number; reach: Reach }>();
  const refreshTokens = new Map<string, Reach>();
  const requests: RecordedRequest[] = [];
  const failures: Failure[] = [];
  const holds: { path: RegExp; reached: () => void; released: Promise<void> }[] = [];
  const revoked: string[] = [];
  const expiresIn = options.expiresIn ?? 3599;
  let maxPageSize = 50;

  const newToken = (prefix: string) => `${prefix}-${randomBytes(12).toString('hex')}`;

  /**
   * Adds a business location; answers its `accounts/{a}/locations/{l}` name. `metadata`: what Google knows
   * of its place (by default a place id and a review link; `{}` for a location Google gives neither).
   */
  function addLocation(
    account: string,
    location: string,
    title: string,
    withReviews: FakeGoogleReview[] = [],
    metadata: FakeLocationMetadata = defaultMetadata(location),
  ): string {
    const list = accounts.get(`accounts/${account}`) ?? [];
    list.push({ name: `locations/${location}`, title, metadata });
    accounts.set(`accounts/${account}`, list);
    const name = `accounts/${account}/locations/${location}`;
    reviews.set(name, withReviews);
    return name;
  }

  /**
   * A single-use authorization code, as the consent screen would send to `redirectUri`, for a Google user
   * who manages `accounts` (account ids as given to addLocation; omitted: every account).
   */
  function issueCode(redirectUri: string, grant: GrantOptions = {}) {
    const code = `4/${randomBytes(12).toString('hex')}`;
    codes.set(code, {
      redirectUri,
      accessToken: grant.accessToken ?? newToken('ya29'),
      refreshToken: grant.refreshToken ?? newToken('1//refresh'),
      reach: grant.accounts?.map((a) => `accounts/${a}`) ?? null,
    });
    return code;
  }

  function apiError(res: http.ServerResponse, code: number, status: string, message: string) {
    res.writeHead(code, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: { code, message, status } }));
  }
  function json(res: http.ServerResponse, code: number, body: unknown) {
    res.writeHead(code, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  }
  function oauthError(res: http.ServerResponse, code: number, error: string, description: string) {
    json(res, code, { error, error_description: description });
  }

  /** The accounts the bearer token reaches, or undefined when it is missing, unknown or expired. */
  function authorized(req: RecordedRequest): { reach: Reach } | undefined {
    const token = req.authorization?.match(/^Bearer (.+)$/)?.[1];
    const grant = token ? accessTokens.get(token) : undefined;
    return grant && grant.expiresAt > Date.now() ? { reach: grant.reach } : undefined;
  }

  function handleToken(req: RecordedRequest, res: http.ServerResponse) {
    if (req.contentType !== 'application/x-www-form-urlencoded') {
      return oauthError(res, 400, 'invalid_request', 'Expected a form body.');
    }
    const form = (req.body ?? {}) as Record<string, string>;
    if (form.client_id !== options.clientId || form.client_secret !== options.clientSecret) {
      return oauthError(res, 401, 'invalid_client', 'The OAuth client was not found.');
    }
    if (form.grant_type === 'authorization_code') {
      const grant = form.code ? codes.get(form.code) : undefined;
      if (!grant) return oauthError(res, 400, 'invalid_grant', 'Malformed auth code.');
      codes.delete(form.code!);
      if (grant.redirectUri !== form.redirect_uri) {
        return oauthError(res, 400, 'redirect_uri_mismatch', 'Bad Request');
      }
      accessTokens.set(grant.accessToken, { expiresAt: Date.now() + expiresIn * 1000, reach: grant.reach });
      refreshTokens.set(grant.refreshToken, grant.reach);
      return json(res, 200, {
        access_token: grant.accessToken,
        expires_in: expiresIn,
        refresh_token: grant.refreshToken,
        scope: 'https://www.googleapis.com/auth/business.manage',
        token_type: 'Bearer',
      });
    }
    if (form.grant_type === 'refresh_token') {
      if (!form.refresh_token || !refreshTokens.has(form.refresh_token)) {
        return oauthError(res, 400, 'invalid_grant', 'Token has been expired or revoked.');
      }
      const accessToken = newToken('ya29-refreshed');
      accessTokens.set(accessToken, {
        expiresAt: Date.now() + expiresIn * 1000,
        reach: refreshTokens.get(form.refresh_token) ?? null,
      });
      return json(res, 200, {
        access_token: accessToken,
        expires_in: expiresIn,
        scope: 'https://www.googleapis.com/auth/business.manage',
        token_type: 'Bearer',
      });
    }
    return oauthError(res, 400, 'unsupported_grant_type', 'Invalid grant_type.');
  }

  function handleApi(req: RecordedRequest, res: http.ServerResponse) {
    const auth = authorized(req);
    if (!auth) {
      return apiError(
        res,
        401,
        'UNAUTHENTICATED',
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
      );
    }
    const reaches = (account: string) => auth.reach === null || auth.reach.includes(account);
    const denied = () => apiError(res, 403, 'PERMISSION_DENIED', 'The caller does not have permission');
    if (req.method === 'GET' && req.path === '/v1/accounts') {
      return json(res, 200, {
        accounts: [...accounts.keys()]
          .filter(reaches)
          .map((name) => ({ name, accountName: name, type: 'PERSONAL' })),
      });
    }
    const locationsPath = req.path.match(/^\/v1\/(accounts\/[\w-]+)\/locations$/);
    if (req.method === 'GET' && locationsPath) {
      if (!req.query.readMask)
        return apiError(res, 400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.');
      if (!reaches(locationsPath[1]!)) return denied();
      const found = accounts.get(locationsPath[1]!);
      if (!found) return apiError(res, 404, 'NOT_FOUND', 'Requested entity was not found.');
      return json(res, 200, { locations: found.map((l) => masked(l, req.query.readMask!)) });
    }
    const locationPath = req.path.match(/^\/v1\/(locations\/[\w-]+)$/);
    if (req.method === 'GET' && locationPath) {
      if (!req.query.readMask)
        return apiError(res, 400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.');
      const owner = [...accounts].find(([, list]) => list.some((l) => l.name === locationPath[1]));
      if (!owner) return apiError(res, 404, 'NOT_FOUND', 'Requested entity was not found.');
      if (!reaches(owner[0])) return denied();
      return json(
        res,
        200,
        masked(
          owner[1].find((l) => l.name === locationPath[1])!,
          req.query.readMask,
        ),
      );
    }
    const reviewsPath = req.path.match(/^\/v4\/(accounts\/[\w-]+\/locations\/[\w-]+)\/reviews$/);
    if (req.method === 'GET' && reviewsPath) {
      if (!reaches(reviewsPath[1]!.split('/locations/')[0]!)) return denied();
      const all = reviews.get(reviewsPath[1]!);
      if (!all) return apiError(res, 404, 'NOT_FOUND', 'Requested entity was not found.');
      const pageSize = Math.min(Number(req.query.pageSize) || 50, maxPageSize);
      const offset = req.query.pageToken
        ? Number(Buffer.from(req.query.pageToken, 'base64url').toString())
        : 0;
      if (!Number.isInteger(offset) || offset < 0)
        return apiError(res, 400, 'INVALID_ARGUMENT', 'Invalid page token.');
      const page = all.slice(offset, offset + pageSize);
      const next =
        offset + pageSize < all.length
          ? Buffer.from(String(offset + pageSize)).toString('base64url')
          : undefined;
      const stars = all
        .map((r) => STARS.indexOf(r.starRating as (typeof STARS)[number]) + 1)
        .filter((s) => s > 0);
      return json(res, 200, {
        reviews: page.map((r) => ({ name: `${reviewsPath[1]}/reviews/${r.reviewId}`, ...r })),
        averageRating: stars.length ? stars.reduce((a, b) => a + b, 0) / stars.length : 0,
        totalReviewCount: all.length,
        ...(next ? { nextPageToken: next } : {}),
      });
    }
    const replyPath = req.path.match(
      /^\/v4\/(accounts\/[\w-]+\/locations\/[\w-]+)\/reviews\/([\w-]+)\/reply$/,
    );
    if (req.method === 'DELETE' && replyPath) {
      if (!reaches(replyPath[1]!.split('/locations/')[0]!)) return denied();
      const review = reviews.get(replyPath[1]!)?.find((r) => r.reviewId === replyPath[2]);
      if (!review) return apiError(res, 404, 'NOT_FOUND', 'Requested entity was not found.');
      delete review.reviewReply;
      return json(res, 200, {});
    }
    if (req.method === 'PUT' && replyPath) {
      if (!reaches(replyPath[1]!.split('/locations/')[0]!)) return denied();
      const review = reviews.get(replyPath[1]!)?.find((r) => r.reviewId === replyPath[2]);
      if (!review) return apiError(res, 404, 'NOT_FOUND', 'Requested entity was not found.');
      const body = req.body as { comment?: unknown } | undefined;
      if (
        req.contentType !== 'application/json' ||
        typeof body?.comment !== 'string' ||
        !body.comment.trim()
      ) {
        return apiError(res, 400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.');
      }
      review.reviewReply = { comment: body.comment, updateTime: new Date().toISOString() };
      return json(res, 200, review.reviewReply);
    }
    return apiError(res, 404, 'NOT_FOUND', `No route for ${req.method} ${req.path}`);
  }

  function handleControl(req: RecordedRequest, res: http.ServerResponse) {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (req.method === 'POST' && req.path === '/__control/locations') {
      const { account, location, title, metadata } = body as {
        account: string;
        location: string;
        title: string;
        metadata?: FakeLocationMetadata;
      };
      return json(res, 201, { name: addLocation(account, location, title, [], metadata) });
    }
    if (req.method === 'POST' && req.path === '/__control/reviews') {
      const { googleLocationId, review } = body as {
        googleLocationId: string;
        review: Partial<FakeGoogleReview>;
      };
      const list = reviews.get(googleLocationId);
      if (!list) return json(res, 404, { error: 'no such location' });
      const added = googleReview(Date.now() % 1_000_000, {
        createTime: new Date().toISOString(),
        updateTime: new Date().toISOString(),
        ...review,
      });
      list.unshift(added);
      return json(res, 201, added);
    }
    // The customer edits their review (stars, words) or the owner's reply disappears from Google.
    if (req.method === 'PATCH' && req.path === '/__control/reviews') {
      const { googleLocationId, reviewId, changes, removeReply } = body as {
        googleLocationId: string;
        reviewId: string;
        changes?: Partial<Pick<FakeGoogleReview, 'starRating' | 'comment'>>;
        removeReply?: boolean;
      };
      const review = reviews.get(googleLocationId)?.find((r) => r.reviewId === reviewId);
      if (!review) return json(res, 404, { error: 'no such review' });
      Object.assign(review, changes, { updateTime: new Date().toISOString() });
      if (removeReply) delete review.reviewReply;
      return json(res, 200, review);
    }
    // The review is taken off Google (by its author, or by Google).
    if (req.method === 'DELETE' && req.path === '/__control/reviews') {
      const list = reviews.get(req.query.googleLocationId ?? '');
      const index = list?.findIndex((r) => r.reviewId === req.query.reviewId) ?? -1;
      if (index < 0) return json(res, 404, { error: 'no such review' });
      list!.splice(index, 1);
      return json(res, 200, {});
    }
    if (req.method === 'GET' && req.path === '/__control/reviews') {
      return json(res, 200, reviews.get(req.query.googleLocationId ?? '') ?? []);
    }
    return json(res, 404, { error: 'no such control call' });
  }

  const server = http.createServer((incoming, res) => {
    void (async () => {
      const url = new URL(incoming.url ?? '/', 'http://fake');
      const req: RecordedRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        authorization: incoming.headers.authorization,
        contentType: incoming.headers['content-type']?.split(';')[0],
        body: await readBody(incoming),
      };
      requests.push(req);
      const holdIndex = holds.findIndex((h) => h.path.test(req.path));
      if (holdIndex >= 0) {
        const [hold] = holds.splice(holdIndex, 1);
        hold!.reached();
        await hold!.released;
      }
      const failureIndex = failures.findIndex((f) => f.path.test(req.path));
      if (failureIndex >= 0) {
        const [failure] = failures.splice(failureIndex, 1);
        for (const [name, value] of Object.entries(failure!.headers ?? {})) res.setHeader(name, value);
        return apiError(res, failure!.status, 'INTERNAL', failure!.message);
      }
      // The consent screen: the user agrees at once and is sent back with a code (as accounts.google.com does).
      if (req.method === 'GET' && req.path === '/o/oauth2/v2/auth') {
        const redirectUri = req.query.redirect_uri;
        if (req.query.client_id !== options.clientId || !redirectUri) {
          return oauthError(res, 400, 'invalid_request', 'Missing client_id or redirect_uri.');
        }
        const back = new URL(redirectUri);
        back.searchParams.set('code', issueCode(redirectUri));
        if (req.query.state) back.searchParams.set('state', req.query.state);
        res.writeHead(302, { Location: back.toString() });
        return res.end();
      }
      if (options.control && req.path.startsWith('/__control/')) return handleControl(req, res);
      if (req.method === 'POST' && req.path === '/token') return handleToken(req, res);
      if (req.method === 'POST' && req.path === '/revoke') {
        const token = (req.body as Record<string, string> | undefined)?.token;
        if (!token || (!refreshTokens.delete(token) && !accessTokens.delete(token))) {
          return oauthError(res, 400, 'invalid_token', 'Token expired or revoked');
        }
        revoked.push(token);
        return json(res, 200, {});
      }
      return handleApi(req, res);
    })().catch((err: unknown) => {
      res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    revoked,
    /** Every request whose path matches. */
    requestsTo: (path: RegExp) => requests.filter((r) => path.test(r.path)),
    set maxPageSize(value: number) {
      maxPageSize = value;
    },
    addLocation,
    reviewsOf: (googleLocationId: string) => reviews.get(googleLocationId) ?? [],
    /**
     * A single-use authorization code, as the consent screen would send to `redirectUri`, for a Google user
     * who manages `accounts` (account ids as given to addLocation; omitted: every account).
     */
    issueCode,
    /** Tokens Google knows, for a connection written straight into the database. */
    grant(tokens: GrantOptions & { accessToken: string; expiresInMs?: number }) {
      const reach = tokens.accounts?.map((a) => `accounts/${a}`) ?? null;
      accessTokens.set(tokens.accessToken, {
        expiresAt: Date.now() + (tokens.expiresInMs ?? expiresIn * 1000),
        reach,
      });
      if (tokens.refreshToken) refreshTokens.set(tokens.refreshToken, reach);
    },
    /** The next request to a matching path answers this error (Google's error body). */
    failNext(path: RegExp, status: number, message: string, headers?: Record<string, string>) {
      failures.push({ path, status, message, headers });
    },
    /**
     * The next request to a matching path waits until `release` is called: `reached` resolves once it has
     * arrived, so a test can act while a reply is on its way to Google.
     */
    holdNext(path: RegExp) {
      let reached!: () => void;
      let release!: () => void;
      const arrived = new Promise<void>((resolve) => (reached = resolve));
      holds.push({ path, reached, released: new Promise<void>((resolve) => (release = resolve)) });
      return { reached: arrived, release };
    },
    /** The user took the grant back (removed access in their Google account): every token of it stops working. */
    revokeAll() {
      accessTokens.clear();
      refreshTokens.clear();
    },
    /** Adds a review to a location, as a customer would. */
    addReview(googleLocationId: string, review: FakeGoogleReview) {
      reviews.get(googleLocationId)?.unshift(review);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeGoogle = Awaited<ReturnType<typeof startFakeGoogle>>;
