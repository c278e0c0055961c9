import { Router } from 'express';
import { IdParamsSchema } from '@shared/schemas/domain';
import {
  CreateTemplateSchema,
  PreviewSavedTemplateSchema,
  PreviewTemplateSchema,
  UpdateTemplateSchema,
} from '@shared/schemas/templates';
import type { AppContext } from '../../lib/context';
import { validate } from '../../middleware/validate';
import { tenantOf } from '../../middleware/tenant';
import { templatesServiceFor } from './templates.service';

/** Message templates per channel (PRODUCT.md sections 4 and 5). */
export function createTemplatesRoutes(ctx: AppContext): Router {
  const service = templatesServiceFor(ctx);
  const router = Router();

  router.get('/templates', async (req, res) => {
    res.json(await service.list(tenantOf(req)));
  });

  router.post(
    '/templates',
    validate({ body: CreateTemplateSchema }, async ({ body }, req, res) => {
      res.status(201).json(await service.create(tenantOf(req), body));
    }),
  );

  // Before '/templates/:id/...' so 'preview' is never read as an id.
  router.post(
    '/templates/preview',
    validate({ body: PreviewTemplateSchema }, async ({ body }, req, res) => {
      res.json(await service.preview(tenantOf(req), body));
    }),
  );

  router.patch(
    '/templates/:id',
    validate({ params: IdParamsSchema, body: UpdateTemplateSchema }, async ({ params, body }, req, res) => {
      res.json(await service.update(tenantOf(req), params.id, body));
    }),
  );

  router.delete(
    '/templates/:id',
    validate({ params: IdParamsSchema }, async ({ params }, req, res) => {
      await service.remove(tenantOf(req), params.id);
      res.status(204).end();
    }),
  );

  router.post(
    '/templates/:id/preview',
    validate(
      { params: IdParamsSchema, body: PreviewSavedTemplateSchema },
      async ({ params, body }, req, res) => {
        res.json(await service.previewSaved(tenantOf(req), params.id, body.values));
      },
    ),
  );

  return router;
}
