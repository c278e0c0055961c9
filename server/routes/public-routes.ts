import { Router } from 'express';
import type { AppContext } from '../lib/context';
import { gatedByFirstSegment } from '../lib/route-gate';
import { createPlanTermsRoutes } from '../features/billing/billing.routes';
import { createDeliveryPublicRoutes } from '../features/delivery/delivery.routes';
import { createNotificationsPublicRoutes } from '../features/notifications/notifications.routes';
import { createPublicReviewRoutes } from '../features/public-review/public-review.routes';
import { createWidgetPublicRoutes } from '../features/widget/widget.routes';

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
