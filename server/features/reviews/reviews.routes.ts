import { Router } from 'express';
import {
  ReviewExportQuerySchema,
  ReviewIdParamsSchema,
  ReviewListQuerySchema,
} from '@shared/schemas/reviews';
import type { AppContext } from '../../lib/context';
import { validate } from '../../middleware/validate';
import { scopeOf } from '../../middleware/tenant';
import { sendCsvDownload } from '../../lib/csv-download';
import { reviewsServiceFor } from './reviews.service';

/** The reviews of the tenant: the list, the CSV export and one review (its reply is the replies feature's). */
export function createReviewsRoutes(ctx: AppContext): Router {
  const service = reviewsServiceFor(ctx);
  const router = Router();

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

  router.get('/reviews/rose-after-reply', async (req, res) => {
    res.json(await service.roseAfterReply(scopeOf(req)));
  });

  router.get(
    '/reviews/:id',
    validate({ params: ReviewIdParamsSchema }, async ({ params }, req, res) => {
      res.json(await service.find(scopeOf(req), params.id));
    }),
  );

  return router;
}
