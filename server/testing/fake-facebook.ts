import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Facebook Graph API (v19.0): the Login code exchange and long-lived token
 * exchange (GET /v19.0/oauth/access_token), the user's Pages (GET /v19.0/me/accounts), a Page's ratings
 * (GET /v19.0/{page-id}/ratings) and comments on a rating's story (POST /v19.0/{story-id}/comments). Point
 * FACEBOOK_API_BASE at `fake.url`. Like Graph it checks the app credentials, single-use codes bound to their
 * redirect URI, bearer tokens, the appsecret_proof, which Page a token may act for, and the bodies.
 */

export interface FakeFacebookRating {
  created_time: string;
  recommendation_type?: 'positive' | 'negative';
  review_text?: string;
  reviewer?: { id: string; name: string };
  rating?: number;
  open_graph_story?: { id: string };
}

export interface FakeFacebookRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  body: unknown;
}

/** An error the next matching request answers: Graph's body with this code, and extra headers. */
export interface FakeFailure {
  status: number;
  message: string;
  code?: number;
  headers?: Record<string, string>;
}

interface FakePage {
  id: string;
  name: string;
  username: string;
  link: string;
  token: string;
}

/** A rating as Graph lists it, numbered `n` (with a story to comment on). */
export function facebookRating(n: number, overrides: Partial<FakeFacebookRating> = {}): FakeFacebookRating {
  return {
    created_time: new Date(Date.UTC(2024, 1, 1) + n * 3_600_000).toISOString().replace(/\.\d{3}Z$/, '+0000'),
    recommendation_type: n % 4 === 0 ? 'negative' : 'positive',
    review_text: `Facebook review number ${n}`,
    reviewer: { id: String(9000 + n), name: `Fan ${n}` },
    open_graph_story: { id: `5550${n}` },
    ...overrides,
  };
}

async function readBody(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  const type = req.headers['content-type'] ?? '';
  if (type.startsWith('application/json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return { __malformed: text };
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

export async function startFakeFacebook(options: { appId: string; appSecret: string }) {
  const pages = new Map<string, FakePage>();
  const ratings = new Map<string, FakeFacebookRating[]>();
  const codes = new Map<string, { redirectUri: string; pageIds: string[] }>();
  /** user tokens (short and long-lived) → the Pages they manage */
  const userTokens = new Map<string, { pageIds: string[]; longLived: boolean }>();
  const comments: { id: string; storyId: string; message: string; deleted: boolean }[] = [];
  const requests: FakeFacebookRequest[] = [];
  const failures: (FakeFailure & { path: RegExp })[] = [];
  /** Page tokens the user took back (removed the app, changed password): Graph answers code 190. */
  const revokedTokens = new Set<string>();
  let ratingsPageSize = 100;

  const token = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

  function json(res: http.ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  }
  function graphError(
    res: http.ServerResponse,
    status: number,
    code: number,
    message: string,
    subcode?: number,
  ) {
    json(res, status, {
      error: {
        message,
        type: 'OAuthException',
        code,
        ...(subcode === undefined ? {} : { error_subcode: subcode }),
        fbtrace_id: randomBytes(6).toString('hex'),
      },
    });
  }

  /** The bearer token when it is valid and its appsecret_proof right; undefined otherwise. */
  function bearer(req: FakeFacebookRequest): string | undefined {
    const value = req.authorization?.match(/^Bearer (.+)$/)?.[1];
    if (!value) return undefined;
    const proof = createHmac('sha256', options.appSecret).update(value).digest('hex');
    return req.query.appsecret_proof === proof ? value : undefined;
  }

  function pageOf(tokenValue: string | undefined): FakePage | undefined {
    return [...pages.values()].find((p) => p.token === tokenValue);
  }

  function handle(req: FakeFacebookRequest, res: http.ServerResponse) {
    const path = req.path.replace(/^\/v19\.0/, '');
    if (path === req.path) return graphError(res, 400, 2635, 'Unsupported or missing API version.');

    if (req.method === 'GET' && path === '/oauth/access_token') {
      if (req.query.client_id !== options.appId || req.query.client_secret !== options.appSecret) {
        return graphError(res, 400, 1, 'Error validating client secret.');
      }
      if (req.query.grant_type === 'fb_exchange_token') {
        const short = userTokens.get(req.query.fb_exchange_token ?? '');
        if (!short) return graphError(res, 400, 190, 'Invalid OAuth access token.');
        const long = token('EAAlong');
        userTokens.set(long, { pageIds: short.pageIds, longLived: true });
        return json(res, 200, { access_token: long, token_type: 'bearer', expires_in: 5_183_944 });
      }
      const grant = codes.get(req.query.code ?? '');
      if (!grant) return graphError(res, 400, 100, 'This authorization code has been used.');
      codes.delete(req.query.code!);
      if (grant.redirectUri !== req.query.redirect_uri) {
        return graphError(
          res,
          400,
          100,
          'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
        );
      }
      const short = token('EAAshort');
      userTokens.set(short, { pageIds: grant.pageIds, longLived: false });
      return json(res, 200, { access_token: short, token_type: 'bearer', expires_in: 5183 });
    }

    const tokenValue = bearer(req);
    if (!tokenValue)
      return graphError(res, 400, 190, 'Invalid OAuth access token - Cannot parse access token');
    if (revokedTokens.has(tokenValue)) {
      return graphError(
        res,
        400,
        190,
        'Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.',
      );
    }

    if (req.method === 'GET' && path === '/me/accounts') {
      const user = userTokens.get(tokenValue);
      if (!user) return graphError(res, 400, 190, 'Invalid OAuth access token.');
      const data = user.pageIds
        .map((id) => pages.get(id)!)
        .map((p) => ({
          id: p.id,
          name: p.name,
          link: p.link,
          username: p.username,
          // A long-lived user token gives Page tokens that never expire; we only hand those out.
          access_token: user.longLived ? p.token : `short-${p.token}`,
        }));
      return json(res, 200, { data, paging: { cursors: { before: 'MA', after: 'MQ' } } });
    }

    const ratingsPath = path.match(/^\/(\d+)\/ratings$/);
    if (req.method === 'GET' && ratingsPath) {
      const page = pages.get(ratingsPath[1]!);
      if (!page || pageOf(tokenValue)?.id !== page.id) {
        return graphError(res, 403, 210, 'A page access token is required to request this resource.');
      }
      const fields = (req.query.fields ?? '').split(',');
      for (const needed of [
        'created_time',
        'review_text',
        'reviewer',
        'recommendation_type',
        'open_graph_story',
      ]) {
        if (!fields.includes(needed)) return graphError(res, 400, 100, `Missing field ${needed}`);
      }
      const all = ratings.get(page.id) ?? [];
      const limit = Math.min(Number(req.query.limit) || 25, ratingsPageSize);
      const offset = req.query.after ? Number(Buffer.from(req.query.after, 'base64url').toString()) : 0;
      const data = all.slice(offset, offset + limit);
      const more = offset + limit < all.length;
      const after = Buffer.from(String(offset + limit)).toString('base64url');
      return json(res, 200, {
        data,
        paging: {
          cursors: { before: Buffer.from(String(offset)).toString('base64url'), after },
          ...(more ? { next: `https://graph.facebook.com/v19.0/${page.id}/ratings?after=${after}` } : {}),
        },
      });
    }

    const commentsPath = path.match(/^\/([\w-]+)\/comments$/);
    if (req.method === 'POST' && commentsPath) {
      const storyId = commentsPath[1]!;
      const page = pageOf(tokenValue);
      const owned = page && (ratings.get(page.id) ?? []).some((r) => r.open_graph_story?.id === storyId);
      if (!owned) return graphError(res, 403, 200, 'Permissions error');
      const message = (req.body as { message?: unknown } | undefined)?.message;
      if (typeof message !== 'string' || !message.trim()) {
        return graphError(res, 400, 100, '(#100) Missing message or attachment');
      }
      const id = `${storyId}_${comments.length + 1}`;
      comments.push({ id, storyId, message, deleted: false });
      return json(res, 200, { id });
    }

    // A comment of the Page's own: edit (POST /{comment-id} { message }) or delete (DELETE /{comment-id}).
    const commentPath = path.match(/^\/([\w-]+_\d+)$/);
    if ((req.method === 'GET' || req.method === 'POST' || req.method === 'DELETE') && commentPath) {
      const page = pageOf(tokenValue);
      const comment = comments.find((c) => c.id === commentPath[1] && !c.deleted);
      const owned =
        comment &&
        page &&
        (ratings.get(page.id) ?? []).some((r) => r.open_graph_story?.id === comment.storyId);
      if (!owned)
        return graphError(
          res,
          400,
          100,
          `Unsupported ${req.method.toLowerCase()} request. Object with ID '${commentPath[1]}' does not exist.`,
          33,
        );
      if (req.method === 'GET') return json(res, 200, { id: comment.id, message: comment.message });
      if (req.method === 'DELETE') {
        comment.deleted = true;
        return json(res, 200, { success: true });
      }
      const message = (req.body as { message?: unknown } | undefined)?.message;
      if (typeof message !== 'string' || !message.trim()) {
        return graphError(res, 400, 100, '(#100) Missing message or attachment');
      }
      comment.message = message;
      return json(res, 200, { success: true });
    }

    return graphError(res, 400, 100, `Unsupported ${req.method} request.`);
  }

  const server = http.createServer((incoming, res) => {
    void (async () => {
      const url = new URL(incoming.url ?? '/', 'http://fake');
      const req: FakeFacebookRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        authorization: incoming.headers.authorization,
        body: await readBody(incoming),
      };
      requests.push(req);
      const failureIndex = failures.findIndex((f) => f.path.test(req.path));
      if (failureIndex >= 0) {
        const [failure] = failures.splice(failureIndex, 1);
        for (const [name, value] of Object.entries(failure!.headers ?? {})) res.setHeader(name, value);
        return graphError(res, failure!.status, failure!.code ?? 2, failure!.message);
      }
      handle(req, res);
    })().catch((err: unknown) => {
      res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    comments,
    requestsTo: (path: RegExp) => requests.filter((r) => path.test(r.path)),
    set ratingsPageSize(value: number) {
      ratingsPageSize = value;
    },
    /** A Page with its (long-lived) Page access token. */
    addPage(id: string, username: string, withRatings: FakeFacebookRating[] = []) {
      const page = {
        id,
        name: `Page ${username}`,
        username,
        link: `https://www.facebook.com/${username}`,
        token: token('EAApage'),
      };
      pages.set(id, page);
      ratings.set(id, withRatings);
      return page;
    },
    ratingsOf: (pageId: string) => ratings.get(pageId) ?? [],
    /** A single-use code for a user who manages these Pages, as the Login dialog would send it. */
    issueCode(redirectUri: string, pageIds: string[]) {
      const code = `AQ${randomBytes(12).toString('hex')}`;
      codes.set(code, { redirectUri, pageIds });
      return code;
    },
    /** The next request to a matching path answers this error. */
    failNext(
      path: RegExp,
      status: number,
      message: string,
      extra: Omit<FakeFailure, 'status' | 'message'> = {},
    ) {
      failures.push({ path, status, message, ...extra });
    },
    /** The Page's token stops working, as when the user removes the app. */
    revokePageToken(pageId: string) {
      const page = pages.get(pageId);
      if (page) revokedTokens.add(page.token);
    },
    /** Adds a rating to a Page, as a customer would. */
    addRating(pageId: string, rating: FakeFacebookRating) {
      ratings.get(pageId)?.push(rating);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeFacebook = Awaited<ReturnType<typeof startFakeFacebook>>;
