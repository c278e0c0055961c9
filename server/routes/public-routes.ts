import { Router } from 'express';
import type { AppContext } from '../lib/context';
import { createPlanTermsRoutes } from '../features/billing';
import { createDeliveryPublicRoutes } from '../features/delivery';
import { createFeedbackPublicRoutes } from '../features/feedback-cases';
import { replyPublisherFor } from '../features/integrations';
import { createNotificationsPublicRoutes } from '../features/notifications';
import { createProofPublicRoutes } from '../features/proof';
import { createPublicReviewRoutes } from '../features/public-review';
import { createReplyLinkPublicRoutes } from '../features/replies';
import { createWidgetPublicRoutes } from '../features/widget';

/** Routes with no sign-in: the public review page's API, provider callbacks, unsubscribe links. */
export function createPublicRouter(_ctx: AppContext): Router {
  const router = Router();
  // Public feature routers are added here, one line each.
  router.use([
    createPublicReviewRoutes(_ctx),
    createDeliveryPublicRoutes(_ctx),
    createNotificationsPublicRoutes(_ctx),
    createPlanTermsRoutes(_ctx),
    createWidgetPublicRoutes(_ctx),
    createProofPublicRoutes(_ctx),
    createReplyLinkPublicRoutes(_ctx, replyPublisherFor(_ctx)),
    createFeedbackPublicRoutes(_ctx),
  ]);
  return router;
}
