import { Router } from 'express';
import { CreateWebhookEndpointSchema } from '@shared/schemas/api-access';
import { IdParamsSchema } from '@shared/schemas/domain';
import type { AppContext } from '../../lib/context';
import { tenantOf } from '../../middleware/tenant';
import { validate } from '../../middleware/validate';
import { webhooksServiceFor, type WebhooksService } from './webhooks.service';

/** Settings › API: the owner's webhook endpoints, their delivery log and the test event (issue 16). */
export function createWebhooksRoutes(
  ctx: AppContext,
  service: WebhooksService = webhooksServiceFor(ctx),
): Router {
  const router = Router();

  router.get('/webhooks', async (req, res) => {
    res.json(await service.list(tenantOf(req)));
  });

  router.post(
    '/webhooks',
    validate({ body: CreateWebhookEndpointSchema }, async ({ body }, req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      res.status(201).json(await service.create(tenantOf(req), body));
    }),
  );

  router.delete(
    '/webhooks/:id',
    validate({ params: IdParamsSchema }, async ({ params }, req, res) => {
      await service.remove(tenantOf(req), params.id);
      res.status(204).end();
    }),
  );

  router.get(
    '/webhooks/:id/deliveries',
    validate({ params: IdParamsSchema }, async ({ params }, req, res) => {
      res.json(await service.deliveries(tenantOf(req), params.id));
    }),
  );

  router.post(
    '/webhooks/:id/test',
    validate({ params: IdParamsSchema }, async ({ params }, req, res) => {
      res.status(202).json(await service.sendTest(tenantOf(req), params.id));
    }),
  );

  return router;
}
