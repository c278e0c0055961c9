import { Router } from 'express';
import { DashboardStatsQuerySchema } from '@shared/schemas/dashboard';
import type { AppContext } from '../../lib/context';
import { validate } from '../../middleware/validate';
import { scopeOf } from '../../middleware/tenant';
import { dashboardServiceFor } from './dashboard.service';

/**
 * GET /api/dashboard/stats?period=7|30|90 and /api/dashboard/charts: the client's figures, computed in SQL;
 * a member limited to some locations gets theirs only.
 */
export function createDashboardRoutes(ctx: AppContext): Router {
  const dashboard = dashboardServiceFor(ctx);
  const router = Router();

  router.get(
    '/dashboard/stats',
    validate({ query: DashboardStatsQuerySchema }, async ({ query }, req, res) => {
      res.json(await dashboard.stats(scopeOf(req), query.period));
    }),
  );

  router.get('/dashboard/charts', async (req, res) => {
    res.json(await dashboard.charts(scopeOf(req)));
  });

  return router;
}
