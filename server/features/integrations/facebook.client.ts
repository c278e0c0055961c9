import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { Env } from '../../env';
import type { SecretBox } from '../../lib/crypto';
import { callProvider, openToken, parseProviderAnswer, ProviderError, providerError } from './provider-http';

/**
 * Facebook Login for a web app and the Graph API's Page ratings.
 * - Login: https://developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow (dialog at
 *   www.facebook.com/v19.0/dialog/oauth, code exchange at GET {FACEBOOK_API_BASE}/v19.0/oauth/access_token).
 * - Long-lived tokens: https://developers.facebook.com/docs/facebook-login/guides/access-tokens/get-long-lived
 *   (a Page token obtained with a long-lived user token does not expire).
 * - Pages: GET /me/accounts (each Page with its Page access token).
 * - Ratings: https://developers.facebook.com/docs/graph-api/reference/page/ratings/ ; a reply is a comment on
 *   the rating's open_graph_story: POST /{story-id}/comments { message }.
 *
 * Tokens go in the Authorization header (never in a URL that could be logged), each call carries an
 * appsecret_proof. Tokens are sealed everywhere outside this file.
 */
export const FACEBOOK_GRAPH_VERSION = 'v19.0';
export const FACEBOOK_DIALOG_URL = `https://www.facebook.com/${FACEBOOK_GRAPH_VERSION}/dialog/oauth`;
export const FACEBOOK_SCOPES = [
  'pages_show_list',
  'pages_read_engagement',
  'pages_read_user_content',
  'pages_manage_engagement',
];
const RATING_FIELDS = 'created_time,recommendation_type,review_text,reviewer,rating,open_graph_story';
const RATINGS_PAGE_SIZE = 100;
const MAX_PAGES = 1000;

export interface FacebookPage {
  id: string;
  name: string;
  /** The Page's address on facebook.com and its @username, to match the location's facebookPageUrl. */
  link: string | null;
  username: string | null;
  /** The Page access token, sealed. */
  sealedToken: string;
}

export interface FacebookRating {
  /** The open_graph_story id: what a reply comments on; a stand-in when Facebook gives none. */
  externalId: string;
  storyId: string | null;
  reviewerName: string;
  rating: number;
  /** A recommendation without stars (its rating is a stand-in: 5 or 1); null when the reviewer gave stars. */
  recommendation: 'positive' | 'negative' | null;
  comment: string;
  createdAt: Date;
}

const TokenAnswerSchema = z.object({ access_token: z.string().min(1) });
const CommentAnswerSchema = z.object({
  id: z
    .string()
    .regex(/^[\w-]+$/)
    .optional(),
});

const Paging = z
  .object({ cursors: z.object({ after: z.string().optional() }).optional(), next: z.string().optional() })
  .optional();

const PagesAnswerSchema = z.object({
  data: z
    .array(
      z.object({
        id: z.string().regex(/^\d+$/),
        name: z.string().default(''),
        access_token: z.string().min(1).optional(),
        link: z.string().optional(),
        username: z.string().optional(),
      }),
    )
    .default([]),
  paging: Paging,
});

const RatingsAnswerSchema = z.object({
  data: z
    .array(
      z.object({
        created_time: z.string(),
        recommendation_type: z.enum(['positive', 'negative']).optional(),
        review_text: z.string().optional(),
        reviewer: z.object({ id: z.string().optional(), name: z.string().optional() }).optional(),
        rating: z.coerce.number().int().min(1).max(5).optional(),
        open_graph_story: z.object({ id: z.string().regex(/^[\w-]+$/) }).optional(),
      }),
    )
    .default([]),
  paging: Paging,
});

/** A star rating when the reviewer gave one, else the recommendation: positive 5, negative 1. */
function ratingOf(row: { rating?: number; recommendation_type?: 'positive' | 'negative' }): number {
  if (row.rating) return row.rating;
  return row.recommendation_type === 'negative' ? 1 : 5;
}

/** Facebook writes times as 2024-01-31T10:00:00+0000. */
function parseGraphTime(value: string): Date {
  const date = new Date(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(date.getTime()) ? new Date() : date;
}

export function createFacebookClient(env: Env, secretBox: SecretBox) {
  const configured = Boolean(env.FACEBOOK_APP_ID && env.FACEBOOK_APP_SECRET);
  const graphUrl = (path: string) =>
    new URL(`${env.FACEBOOK_API_BASE.replace(/\/+$/, '')}/${FACEBOOK_GRAPH_VERSION}${path}`);

  function credentials() {
    if (!env.FACEBOOK_APP_ID || !env.FACEBOOK_APP_SECRET) {
      throw providerError('Facebook', 'Facebook is not configured on this server');
    }
    return { appId: env.FACEBOOK_APP_ID, appSecret: env.FACEBOOK_APP_SECRET };
  }

  /** A call with a token: Authorization header plus appsecret_proof (HMAC-SHA256 of the token). */
  async function graph(
    path: string,
    token: string,
    init: RequestInit = {},
    query: Record<string, string> = {},
  ) {
    const url = graphUrl(path);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    url.searchParams.set(
      'appsecret_proof',
      createHmac('sha256', credentials().appSecret).update(token).digest('hex'),
    );
    return callProvider('Facebook', url, {
      ...init,
      headers: { ...init.headers, Authorization: `Bearer ${token}`, Accept: 'application/json' },
    });
  }

  async function tokenRequest(query: Record<string, string>): Promise<string> {
    const url = graphUrl('/oauth/access_token');
    const { appId, appSecret } = credentials();
    url.search = new URLSearchParams({ client_id: appId, client_secret: appSecret, ...query }).toString();
    const answer = parseProviderAnswer('Facebook', TokenAnswerSchema, await callProvider('Facebook', url));
    return answer.access_token;
  }

  return {
    configured,

    authorizeUrl(state: string, redirectUri: string): string {
      const url = new URL(FACEBOOK_DIALOG_URL);
      url.search = new URLSearchParams({
        client_id: credentials().appId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: FACEBOOK_SCOPES.join(','),
        state,
      }).toString();
      return url.toString();
    },

    /** The code for a long-lived user token (sealed), so the Page tokens derived from it do not expire. */
    async exchangeCode(code: string, redirectUri: string): Promise<string> {
      const shortLived = await tokenRequest({ redirect_uri: redirectUri, code });
      const longLived = await tokenRequest({
        grant_type: 'fb_exchange_token',
        fb_exchange_token: shortLived,
      });
      return secretBox.encrypt(longLived);
    },

    /** The Pages the user manages, each with its Page access token (sealed). */
    async listPages(sealedUserToken: string): Promise<FacebookPage[]> {
      const token = openToken(secretBox, 'Facebook', sealedUserToken);
      const pages: FacebookPage[] = [];
      let after: string | undefined;
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const query: Record<string, string> = { fields: 'id,name,access_token,link,username', limit: '100' };
        if (after) query.after = after;
        const answer = parseProviderAnswer(
          'Facebook',
          PagesAnswerSchema,
          await graph('/me/accounts', token, {}, query),
        );
        for (const p of answer.data) {
          if (!p.access_token) continue; // a Page the user cannot act for
          pages.push({
            id: p.id,
            name: p.name,
            link: p.link ?? null,
            username: p.username ?? null,
            sealedToken: secretBox.encrypt(p.access_token),
          });
        }
        after = answer.paging?.next ? answer.paging.cursors?.after : undefined;
        if (!after) break;
      }
      return pages;
    },

    /** Calls on behalf of one connected Page. */
    page(pageId: string, sealedPageToken: string) {
      if (!/^\d+$/.test(pageId)) throw new Error('Not a Facebook Page id');
      const token = () => openToken(secretBox, 'Facebook', sealedPageToken);
      return {
        /** Every rating of the Page, page by page (following the `after` cursor on our own base URL). */
        async *listRatings(): AsyncGenerator<FacebookRating[]> {
          let after: string | undefined;
          for (let page = 0; page < MAX_PAGES; page += 1) {
            const query: Record<string, string> = { fields: RATING_FIELDS, limit: String(RATINGS_PAGE_SIZE) };
            if (after) query.after = after;
            const body = await graph(`/${pageId}/ratings`, token(), {}, query);
            const answer = parseProviderAnswer('Facebook', RatingsAnswerSchema, body);
            yield answer.data.map((row) => {
              const storyId = row.open_graph_story?.id ?? null;
              return {
                storyId,
                externalId: storyId ?? `rating:${row.reviewer?.id ?? 'anonymous'}:${row.created_time}`,
                reviewerName: row.reviewer?.name ?? '',
                rating: ratingOf(row),
                recommendation: row.rating ? null : (row.recommendation_type ?? 'positive'),
                comment: row.review_text ?? '',
                createdAt: parseGraphTime(row.created_time),
              };
            });
            after = answer.paging?.next ? answer.paging.cursors?.after : undefined;
            if (!after) return;
          }
        },

        /** The Page's reply: a comment on the rating's story; answers the comment's id. */
        async comment(storyId: string, message: string): Promise<string | null> {
          if (!/^[\w-]+$/.test(storyId)) throw new Error('Not a Facebook story id');
          const answer = parseProviderAnswer(
            'Facebook',
            CommentAnswerSchema,
            await graph(`/${storyId}/comments`, token(), {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ message }),
            }),
          );
          return answer.id ?? null;
        },

        /** Edits the Page's comment: POST /{comment-id} { message }. */
        async editComment(commentId: string, message: string): Promise<void> {
          if (!/^[\w-]+$/.test(commentId)) throw new Error('Not a Facebook comment id');
          await graph(`/${commentId}`, token(), {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ message }),
          });
        },

        /**
         * Whether the Page's comment is still on Facebook (issue 47, item 2): GET /{comment-id}. Only
         * "does not exist" answers no; any other failure is thrown, so an outage never reads as a deletion.
         */
        async commentExists(commentId: string): Promise<boolean> {
          if (!/^[\w-]+$/.test(commentId)) throw new Error('Not a Facebook comment id');
          try {
            await graph(`/${commentId}`, token(), {}, { fields: 'id' });
            return true;
          } catch (err) {
            if (err instanceof ProviderError && err.failure === 'missing') return false;
            throw err;
          }
        },

        /** Deletes the Page's comment: DELETE /{comment-id}. */
        async deleteComment(commentId: string): Promise<void> {
          if (!/^[\w-]+$/.test(commentId)) throw new Error('Not a Facebook comment id');
          await graph(`/${commentId}`, token(), { method: 'DELETE' });
        },
      };
    },
  };
}

export type FacebookClient = ReturnType<typeof createFacebookClient>;
