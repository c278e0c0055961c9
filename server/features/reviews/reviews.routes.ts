import { once } from 'node:events';
import { Router, type Response } from 'express';
import {
  ReviewExportQuerySchema,
  ReviewIdParamsSchema,
  ReviewListQuerySchema,
  ReviewResponseSchema,
} from '@shared/schemas/reviews';
import type { AppContext } from '../../lib/context';
import { validate } from '../../middleware/validate';
import { tenantOf } from '../../middleware/tenant';
import { UTF8_BOM } from '../../lib/csv';
import { createReviewsRepository } from './reviews.repository';
import { createReviewsService } from './reviews.service';
import { repliesServiceFor } from './replies.service';

/** Writes a chunk, waiting for the socket to drain when the client reads slower than we query. */
async function write(res: Response, chunk: string): Promise<void> {
  if (!res.write(chunk)) await once(res, 'drain');
}

/** The reviews of the tenant: the list, the CSV export, and the one response per review. */
export function createReviewsRoutes(ctx: AppContext): Router {
  const service = createReviewsService(createReviewsRepository(ctx.db));
  const replies = repliesServiceFor(ctx);
  const router = Router();

  router.get(
    '/reviews',
    validate({ query: ReviewListQuerySchema }, async ({ query }, req, res) => {
      const { reviews, total } = await service.list(tenantOf(req), query);
      res.setHeader('X-Total-Count', String(total));
      res.setHeader('Access-Control-Expose-Headers', 'X-Total-Count');
      res.json(reviews);
    }),
  );

  router.get(
    '/reviews/export.csv',
    validate({ query: ReviewExportQuerySchema }, async ({ query }, req, res) => {
      const lines = service.exportCsv(tenantOf(req), query);
      // The first batch is fetched before any header goes out, so a failing query still answers JSON.
      const first = await lines.next();
      const day = new Date().toISOString().slice(0, 10);
      res.status(200);
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="reviews-${day}.csv"`);
      res.setHeader('Cache-Control', 'no-store');
      try {
        await write(res, UTF8_BOM + (first.done ? '' : first.value));
        for await (const chunk of lines) {
          if (res.destroyed) return;
          await write(res, chunk);
        }
        res.end();
      } catch (err) {
        // Headers are gone: cut the download short rather than hand over a silently truncated file.
        req.log?.error({ err }, 'review export failed');
        res.destroy(err instanceof Error ? err : undefined);
      }
    }),
  );

  router.get(
    '/reviews/:id',
    validate({ params: ReviewIdParamsSchema }, async ({ params }, req, res) => {
      res.json(await service.find(tenantOf(req), params.id));
    }),
  );

  // One server decision for a reply (issue 10): published on Google or Facebook when the review is theirs
  // and the location is connected, stored either way; the answer says where it went.
  router.post(
    '/reviews/:id/response',
    validate(
      { params: ReviewIdParamsSchema, body: ReviewResponseSchema },
      async ({ params, body }, req, res) => {
        res.json(await replies.respond(tenantOf(req), params.id, body.responseContent));
      },
    ),
  );

  router.put(
    '/reviews/:id/response',
    validate(
      { params: ReviewIdParamsSchema, body: ReviewResponseSchema },
      async ({ params, body }, req, res) => {
        res.json(await replies.edit(tenantOf(req), params.id, body.responseContent));
      },
    ),
  );

  router.delete(
    '/reviews/:id/response',
    validate({ params: ReviewIdParamsSchema }, async ({ params }, req, res) => {
      res.json(await replies.remove(tenantOf(req), params.id));
    }),
  );

  return router;
}
