import { Router } from 'express';
import type { AppContext } from '../lib/context';

/**
 * Every route of a client's own area. The same router is mounted twice (server/app.ts): at /api for the
 * signed-in client, and at /api/admin/clients/:clientId for an admin acting inside that client's area, so
 * both see and do exactly the same. Handlers take the tenant from `tenantOf(req)`, never from the user.
 */
export function createClientRouter(_ctx: AppContext): Router {
  const router = Router();
  // Feature routers are added here, one line each.
  return router;
}
