import { Router } from 'express';
import type { AppContext } from '../../lib/context';
import { tenantOf } from '../../middleware/tenant';
import { createPlanLimits } from './plan-limits';

/** GET /api/subscription: the client's plan and this month's use of its limits (the Plan tab). */
export function createBillingRoutes(ctx: AppContext): Router {
  const limits = createPlanLimits(ctx);
  const router = Router();
  router.get('/subscription', async (req, res) => {
    res.json(await limits.usage(tenantOf(req)));
  });
  return router;
}
