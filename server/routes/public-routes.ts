import { Router } from 'express';
import type { AppContext } from '../lib/context';
import { gatedByFirstSegment } from '../lib/route-gate';
import { createPlanTermsRoutes } from '../features/billing';
import { createDeliveryPublicRoutes } from '../features/delivery';
import { createNotificationsPublicRoutes } from '../features/notifications';
import { createPublicReviewRoutes } from '../features/public-review';
import { createWidgetPublicRoutes } from '../features/widget';

/** Routes with no sign-in: the public review page's API, provider callbacks, unsubscribe links. */
export function createPublicRouter(_ctx: AppContext): Router {
  const router = Router();
  // Public feature routers are added here, one line each; a request walks only those whose routes could answer it.
  router.use(
    [
      createPublicReviewRoutes(_ctx),
      createDeliveryPublicRoutes(_ctx),
      createNotificationsPublicRoutes(_ctx),
      createPlanTermsRoutes(_ctx),
      createWidgetPublicRoutes(_ctx),
    ].map(gatedByFirstSegment),
  );
  return router;
}
