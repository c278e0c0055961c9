import { Router } from 'express';
import type { AppContext } from '../../lib/context';
import { scopeOf } from '../../middleware/tenant';
import { insightsServiceFor } from './insights.service';

/** GET /api/insights: the Review Insights page (/optimized-reviews). */
export function createInsightsRoutes(ctx: AppContext): Router {
  const insights = insightsServiceFor(ctx);
  const router = Router();

  router.get('/insights', async (req, res) => {
    res.json(await insights.insights(scopeOf(req)));
  });

  return router;
}
