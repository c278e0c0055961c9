import { Router } from 'express';
import { CreateApiKeySchema } from '@shared/schemas/api-access';
import { IdParamsSchema } from '@shared/schemas/domain';
import type { AppContext } from '../../lib/context';
import { tenantOf } from '../../middleware/tenant';
import { validate } from '../../middleware/validate';
import { apiKeysServiceFor, type ApiKeysService } from './api-keys.service';

/** Settings › API: the owner's API keys (issue 16). The list never holds a key; creating answers it once. */
export function createApiKeysRoutes(
  ctx: AppContext,
  service: ApiKeysService = apiKeysServiceFor(ctx),
): Router {
  const router = Router();

  router.get('/api-keys', async (req, res) => {
    res.json(await service.list(tenantOf(req)));
  });

  router.post(
    '/api-keys',
    validate({ body: CreateApiKeySchema }, async ({ body }, req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      res.status(201).json(await service.create(tenantOf(req), body.name));
    }),
  );

  router.post(
    '/api-keys/:id/revoke',
    validate({ params: IdParamsSchema }, async ({ params }, req, res) => {
      res.json(await service.revoke(tenantOf(req), params.id));
    }),
  );

  return router;
}
