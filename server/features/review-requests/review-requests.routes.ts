import { Router } from 'express';
import { IdParamsSchema } from '@shared/schemas/domain';
import { RequestSettingsSchema } from '@shared/schemas/request-settings';
import {
  BulkReviewRequestSchema,
  CreateLinkRequestSchema,
  CreateReviewRequestSchema,
  LastAskedQuerySchema,
  ReviewRequestListQuerySchema,
} from '@shared/schemas/review-requests';
import type { AppContext } from '../../lib/context';
import { sendCsvDownload } from '../../lib/csv-download';
import { validate } from '../../middleware/validate';
import { scopeOf, tenantOf } from '../../middleware/tenant';
import { reviewRequestsServiceFor, type ReviewRequestsService } from './review-requests.service';

/** Review requests, their timelines and QR codes, and how they go out (seed-spec section 7, PRODUCT.md section 5). */
export function createReviewRequestsRoutes(
  ctx: AppContext,
  service: ReviewRequestsService = reviewRequestsServiceFor(ctx),
): Router {
  const router = Router();

  router.get('/request-settings', async (req, res) => {
    res.json(await service.settings(tenantOf(req)));
  });

  router.put(
    '/request-settings',
    validate({ body: RequestSettingsSchema }, async ({ body }, req, res) => {
      res.json(await service.saveSettings(tenantOf(req), body));
    }),
  );

  router.post(
    '/review-requests/link',
    validate({ body: CreateLinkRequestSchema }, async ({ body }, req, res) => {
      res.status(201).json(await service.createLink(scopeOf(req), body.locationId));
    }),
  );

  router.get('/review-requests/audit.csv', async (req, res) => {
    await sendCsvDownload(req, res, 'review-requests-audit', service.auditCsv(scopeOf(req)));
  });

  for (const action of ['retry', 'cancel', 'resend'] as const) {
    router.post(
      `/review-requests/:id/${action}`,
      validate({ params: IdParamsSchema }, async ({ params }, req, res) => {
        const result = await service[action](scopeOf(req), params.id);
        res.status(action === 'resend' ? 201 : 200).json(result);
      }),
    );
  }

  router.post(
    '/review-requests',
    validate({ body: CreateReviewRequestSchema }, async ({ body }, req, res) => {
      res.status(201).json(await service.create(scopeOf(req), body));
    }),
  );

  router.post(
    '/review-requests/bulk',
    validate({ body: BulkReviewRequestSchema }, async ({ body }, req, res) => {
      const result = await service.createMany(scopeOf(req), body);
      res.status(result.created > 0 ? 201 : 200).json(result);
    }),
  );

  router.post(
    '/review-requests/bulk/preview',
    validate({ body: BulkReviewRequestSchema }, async ({ body }, req, res) => {
      res.json(await service.previewMany(scopeOf(req), body));
    }),
  );

  router.get(
    '/review-requests/last-asked',
    validate({ query: LastAskedQuerySchema }, async ({ query }, req, res) => {
      res.json(await service.lastAsked(tenantOf(req), query.contactId));
    }),
  );

  router.get(
    '/review-requests',
    validate({ query: ReviewRequestListQuerySchema }, async ({ query }, req, res) => {
      const { rows, total } = await service.list(scopeOf(req), query);
      res.setHeader('X-Total-Count', String(total));
      res.json(rows);
    }),
  );

  router.get(
    '/review-requests/:id',
    validate({ params: IdParamsSchema }, async ({ params }, req, res) => {
      res.json(await service.detail(scopeOf(req), params.id));
    }),
  );

  router.get(
    '/review-requests/:id/qr',
    validate({ params: IdParamsSchema }, async ({ params }, req, res) => {
      res.json(await service.qrForRequest(scopeOf(req), params.id));
    }),
  );

  return router;
}
