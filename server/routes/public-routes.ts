import { Router } from 'express';
import type { AppContext } from '../lib/context';

/** Routes with no sign-in: the public review page's API, provider callbacks, unsubscribe links. */
export function createPublicRouter(_ctx: AppContext): Router {
  const router = Router();
  // Public feature routers are added here, one line each.
  return router;
}
