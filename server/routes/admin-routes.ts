import { Router } from 'express';
import type { AppContext } from '../lib/context';
import { createAdminRoutes } from '../features/admin';
import { createTeamAdminRoutes } from '../features/team';

/** Admin-only routes under /api/admin (requireAdmin is applied where this is mounted). */
export function createAdminRouter(_ctx: AppContext): Router {
  const router = Router();
  // Admin feature routers are added here, one line each.
  router.use([createAdminRoutes(_ctx), createTeamAdminRoutes(_ctx)]);
  return router;
}
