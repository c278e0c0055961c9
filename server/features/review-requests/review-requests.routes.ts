import { Router } from 'express';
import { IdParamsSchema } from '@shared/schemas/domain';
import {
  BulkReviewRequestSchema,
  CreateReviewRequestSchema,
  ReviewRequestListQuerySchema,
} from '@shared/schemas/review-requests';
import type { AppContext } from '../../lib/context';
import { validate } from '../../middleware/validate';
import { tenantOf } from '../../middleware/tenant';
import { createReviewRequestsRepository } from './review-requests.repository';
import { createReviewRequestsService, type ReviewRequestsService } from './review-requests.service';

/** Review requests and their QR codes (seed-spec section 7, PRODUCT.md section 5). */
export function createReviewRequestsRoutes(
  ctx: AppContext,
  service: ReviewRequestsService = createReviewRequestsService(createReviewRequestsRepository(ctx.db), {
    publicBaseUrl: ctx.env.publicBaseUrl,
  }),
): Router {
  const router = Router();

  router.post(
    '/review-requests',
    validate({ body: CreateReviewRequestSchema }, async ({ body }, req, res) => {
      res.status(201).json(await service.create(tenantOf(req), body));
    }),
  );

  router.post(
    '/review-requests/bulk',
    validate({ body: BulkReviewRequestSchema }, async ({ body }, req, res) => {
      const result = await service.createMany(tenantOf(req), body);
      res.status(result.created > 0 ? 201 : 200).json(result);
    }),
  );

  router.get(
    '/review-requests',
    validate({ query: ReviewRequestListQuerySchema }, async ({ query }, req, res) => {
      const { rows, total } = await service.list(tenantOf(req), query);
      res.setHeader('X-Total-Count', String(total));
      res.json(rows);
    }),
  );

  router.get(
    '/review-requests/:id',
    validate({ params: IdParamsSchema }, async ({ params }, req, res) => {
      res.json(await service.find(tenantOf(req), params.id));
    }),
  );

  router.get(
    '/review-requests/:id/qr',
    validate({ params: IdParamsSchema }, async ({ params }, req, res) => {
      res.json(await service.qrForRequest(tenantOf(req), params.id));
    }),
  );

  // The location's permanent QR code (printed posters) lives here, beside the request QR codes.
  router.get(
    '/locations/:id/qr',
    validate({ params: IdParamsSchema }, async ({ params }, req, res) => {
      res.json(await service.qrForLocation(tenantOf(req), params.id));
    }),
  );

  return router;
}
