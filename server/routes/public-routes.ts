import { Router } from 'express';
import type { AppContext } from '../lib/context';
import { createPlanTermsRoutes } from '../features/billing/billing.routes';
import { createDeliveryPublicRoutes } from '../features/delivery/delivery.routes';
import { createNotificationsPublicRoutes } from '../features/notifications/notifications.routes';
import { createPublicReviewRoutes } from '../features/public-review/public-review.routes';
import { createWidgetPublicRoutes } from '../features/widget/widget.routes';

/** Routes with no sign-in: the public review page's API, provider callbacks, unsubscribe links. */
export function createPublicRouter(_ctx: AppContext): Router {
  const router = Router();
  // Public feature routers are added here, one line each.
  router.use(createPublicReviewRoutes(_ctx));
  router.use(createDeliveryPublicRoutes(_ctx));
  router.use(createNotificationsPublicRoutes(_ctx));
  router.use(createPlanTermsRoutes(_ctx));
  router.use(createWidgetPublicRoutes(_ctx));
  return router;
}
