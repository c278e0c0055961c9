import { Router } from 'express';
import {
  ReviewExportQuerySchema,
  ReviewIdParamsSchema,
  ReviewListQuerySchema,
  ReviewResponseSchema,
} from '@shared/schemas/reviews';
import type { AppContext } from '../../lib/context';
import { validate } from '../../middleware/validate';
import { scopeOf } from '../../middleware/tenant';
import { sendCsvDownload } from '../../lib/csv-download';
import { reviewsServiceFor } from './reviews.service';
import { repliesServiceFor } from './replies.service';
import { createReplySuggestionRoutes } from './reply-suggestions.routes';

/**
 * The reviews of the tenant: the list, the CSV export, and the one response per review (with the reply that
 * waits for its site while it has not taken it).
 */
export function createReviewsRoutes(ctx: AppContext): Router {
  const service = reviewsServiceFor(ctx);
  const replies = repliesServiceFor(ctx);
  const router = Router();
  router.use(createReplySuggestionRoutes(ctx));

  router.get(
    '/reviews',
    validate({ query: ReviewListQuerySchema }, async ({ query }, req, res) => {
      const { reviews, total, capped, nextCursor } = await service.list(scopeOf(req), query);
      // Past the cap the count is a floor: "10,000+" in the UI, and a client reading X-Total-Count alone
      // still pages through real rows.
      res.setHeader('X-Total-Count', String(total));
      if (capped) res.setHeader('X-Total-Count-Capped', 'true');
      // The next page by keyset (?cursor=): deep pages without OFFSET. Absent on the last page.
      if (nextCursor) res.setHeader('X-Next-Cursor', nextCursor);
      res.setHeader('Access-Control-Expose-Headers', 'X-Total-Count, X-Total-Count-Capped, X-Next-Cursor');
      res.json(reviews);
    }),
  );

  router.get(
    '/reviews/export.csv',
    validate({ query: ReviewExportQuerySchema }, async ({ query }, req, res) => {
      await sendCsvDownload(req, res, 'reviews', service.exportCsv(scopeOf(req), query));
    }),
  );

  router.get(
    '/reviews/:id',
    validate({ params: ReviewIdParamsSchema }, async ({ params }, req, res) => {
      res.json(await service.find(scopeOf(req), params.id));
    }),
  );

  // One server decision for a reply (issue 10): published on Google or Facebook when the review is theirs
  // and the location is connected, stored either way; the answer says where it went.
  router.post(
    '/reviews/:id/response',
    validate(
      { params: ReviewIdParamsSchema, body: ReviewResponseSchema },
      async ({ params, body }, req, res) => {
        res.json(await replies.respond(scopeOf(req), params.id, body.responseContent));
      },
    ),
  );

  router.put(
    '/reviews/:id/response',
    validate(
      { params: ReviewIdParamsSchema, body: ReviewResponseSchema },
      async ({ params, body }, req, res) => {
        res.json(await replies.edit(scopeOf(req), params.id, body.responseContent));
      },
    ),
  );

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

  return router;
}
