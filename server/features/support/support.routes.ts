import { Router } from 'express';
import type { AppContext } from '../../lib/context';
import { tenantOf } from '../../middleware/tenant';
import { supportServiceFor } from './support.service';

/** The client's support screens: GET /api/system-test and GET /api/debug (client router). */
export function createSupportRoutes(ctx: AppContext): Router {
  const support = supportServiceFor(ctx);
  const router = Router();

  router.get('/system-test', async (req, res) => {
    res.json(await support.systemTest(tenantOf(req)));
  });

  router.get('/debug', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(
      await support.debug(tenantOf(req), {
        id: req.sessionID,
        signedInAt: req.session?.signedInAt,
        expires: req.session?.cookie.expires,
      }),
    );
  });

  return router;
}
