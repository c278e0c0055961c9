import { Router } from 'express';
import { IdParamsSchema } from '@shared/schemas/domain';
import { CreateLocationSchema, UpdateLocationSchema } from '@shared/schemas/locations';
import type { AppContext } from '../../lib/context';
import { scopeOf } from '../../middleware/tenant';
import { validate } from '../../middleware/validate';
import { locationsServiceFor } from './locations.service';

export function createLocationsRoutes(ctx: AppContext): Router {
  const router = Router();
  const service = locationsServiceFor(ctx);

  router.get('/locations', async (req, res) => {
    res.json(await service.list(scopeOf(req)));
  });

  router.post(
    '/locations',
    validate({ body: CreateLocationSchema }, async ({ body }, req, res) => {
      res.status(201).json(await service.create(scopeOf(req), body));
    }),
  );

  router.get(
    '/locations/:id',
    validate({ params: IdParamsSchema }, async ({ params }, req, res) => {
      res.json(await service.get(scopeOf(req), params.id));
    }),
  );

  router.patch(
    '/locations/:id',
    validate({ params: IdParamsSchema, body: UpdateLocationSchema }, async ({ params, body }, req, res) => {
      res.json(await service.update(scopeOf(req), params.id, body));
    }),
  );

  router.get(
    '/locations/:id/qr',
    validate({ params: IdParamsSchema }, async ({ params }, req, res) => {
      res.json(await service.qrCode(scopeOf(req), params.id));
    }),
  );

  router.delete(
    '/locations/:id',
    validate({ params: IdParamsSchema }, async ({ params }, req, res) => {
      await service.remove(scopeOf(req), params.id);
      res.status(204).end();
    }),
  );

  return router;
}
