import { Router } from 'express';
import { IdParamsSchema } from '@shared/schemas/domain';
import { IntegrationReplySchema, PROVIDERS } from '@shared/schemas/integrations';
import { ReviewIdParamsSchema, ReviewResponseSchema } from '@shared/schemas/reviews';
import type { AppContext } from '../../lib/context';
import { scopeOf } from '../../middleware/tenant';
import { validate } from '../../middleware/validate';
import { repliesServiceFor } from './replies.service';
import type { ReplyPublisher } from './reply-publisher';
import { createReplyDraftRoutes } from './reply-links.routes';
import { createReplySuggestionRoutes } from './reply-suggestions.routes';

/**
 * A review's one response (with the reply that waits for its site while it has not taken it), the strict
 * provider endpoints, and the suggested reply with its settings. One server decision for a reply (issue 10):
 * published on Google or Facebook when the review is theirs and the location is connected, stored either
 * way; the answer says where it went.
 */
export function createRepliesRoutes(ctx: AppContext, publisher: ReplyPublisher): Router {
  const replies = repliesServiceFor(ctx, publisher);
  const router = Router();
  router.use(createReplySuggestionRoutes(ctx), createReplyDraftRoutes(ctx, publisher));

  /** A new reply's words for `send`, the review in the caller's scope; the answer says where it went. */
  const withReply = (send: typeof replies.respond) =>
    validate(
      { params: ReviewIdParamsSchema, body: ReviewResponseSchema },
      async ({ params, body }, req, res) => {
        res.json(await send(scopeOf(req), params.id, body.responseContent));
      },
    );

  router.post('/reviews/:id/response', withReply(replies.respond));
  router.put('/reviews/:id/response', withReply(replies.edit));

  // A reply its site did not take yet (issue 41), tried again now; the answer says whether it went.
  router.post(
    '/reviews/:id/response/retry',
    validate({ params: ReviewIdParamsSchema }, async ({ params }, req, res) => {
      res.json(await replies.retry(scopeOf(req), params.id));
    }),
  );

  router.delete(
    '/reviews/:id/response',
    validate({ params: ReviewIdParamsSchema }, async ({ params }, req, res) => {
      res.json(await replies.remove(scopeOf(req), params.id));
    }),
  );

  // Seed-spec section 7: the reply must reach the site, or nothing is stored.
  for (const provider of PROVIDERS) {
    router.post(
      `/integrations/${provider}/reply/:id`,
      validate(
        { params: IdParamsSchema, body: IntegrationReplySchema },
        async ({ params, body }, req, res) => {
          res.json(await replies.respondOnSite(provider, scopeOf(req), params.id, body.reply));
        },
      ),
    );
  }

  return router;
}
