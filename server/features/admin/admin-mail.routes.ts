import { Router } from 'express';
import { EmailTestSchema } from '@shared/schemas/admin';
import type { AppContext } from '../../lib/context';
import { validate } from '../../middleware/validate';
import { createAdminMailService } from './admin-mail.service';

export { renderSystemEmail } from './admin-mail.service';

/** POST /email-test, GET /mail-status (under /api/admin). */
export function createAdminMailRoutes(ctx: AppContext): Router {
  const router = Router();
  const mail = createAdminMailService(ctx);

  router.get('/mail-status', async (_req, res) => {
    res.json(await mail.status());
  });

  router.post(
    '/email-test',
    validate({ body: EmailTestSchema }, async ({ body }, req, res) => {
      res.json(await mail.sendTest(req.user!.id, body));
    }),
  );

  return router;
}
