import { Router } from 'express';
import type { AppContext } from '../../lib/context';
import { scopeOf } from '../../middleware/tenant';
import { dashboardServiceFor } from './dashboard.service';

/**
 * GET /api/dashboard/stats and /api/dashboard/charts: the client's figures, computed in SQL; a member
 * limited to some locations gets theirs only.
 */
export function createDashboardRoutes(ctx: AppContext): Router {
  const dashboard = dashboardServiceFor(ctx);
  const router = Router();

  router.get('/dashboard/stats', async (req, res) => {
    res.json(await dashboard.stats(scopeOf(req)));
  });

  router.get('/dashboard/charts', async (req, res) => {
    res.json(await dashboard.charts(scopeOf(req)));
  });

  return router;
}
