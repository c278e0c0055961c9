import { Router } from 'express';
import type { AppContext } from '../../lib/context';
import { tenantOf } from '../../middleware/tenant';
import { dashboardServiceFor } from './dashboard.service';

/** GET /api/dashboard/stats and /api/dashboard/charts: the client's figures, computed in SQL. */
export function createDashboardRoutes(ctx: AppContext): Router {
  const dashboard = dashboardServiceFor(ctx);
  const router = Router();

  router.get('/dashboard/stats', async (req, res) => {
    res.json(await dashboard.stats(tenantOf(req)));
  });

  router.get('/dashboard/charts', async (req, res) => {
    res.json(await dashboard.charts(tenantOf(req)));
  });

  return router;
}
