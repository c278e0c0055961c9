import { Router } from 'express';
import type { AppContext } from '../lib/context';
import { createPlansRoutes } from '../features/admin';
import { createBillingRoutes } from '../features/billing';
import { createSupportRoutes } from '../features/support';
import { createIntegrationsRoutes, replyPublisherFor } from '../features/integrations';
import { createContactsRoutes } from '../features/contacts';
import { createLocationsRoutes } from '../features/locations';
import { createSettingsRoutes } from '../features/settings';
import { createDeliveryRoutes } from '../features/delivery';
import { createReviewRequestsRoutes } from '../features/review-requests';
import { createTemplatesRoutes } from '../features/templates';
import { createReviewVideoRoutes, createReviewsRoutes } from '../features/reviews';
import { createRepliesRoutes } from '../features/replies';
import { createFeedbackCasesRoutes } from '../features/feedback-cases';
import { createDashboardRoutes } from '../features/dashboard';
import { createInsightsRoutes } from '../features/insights';
import { createNotificationsRoutes } from '../features/notifications';
import { createDataExportRoutes } from '../features/data-export';
import { createProofRoutes } from '../features/proof';
import { createWidgetRoutes } from '../features/widget';
import { createApiKeysRoutes } from '../features/api-access';
import { createWebhooksRoutes } from '../features/webhooks';
import { createTeamRoutes } from '../features/team';
import { applyRouteRoles } from './client-route-roles';
import { createPushRoutes } from '../features/push';

/**
 * Every route of a client's own area. The same router is mounted twice (server/app.ts): at /api for the
 * signed-in client, and at /api/admin/clients/:clientId for an admin acting inside that client's area, so
 * both see and do exactly the same. Handlers take the tenant from `tenantOf(req)`, never from the user.
 */
export function createClientRouter(_ctx: AppContext): Router {
  const router = Router();
  // Feature routers are added here, one line each; a request walks them in this order.
  router.use([
    createContactsRoutes(_ctx),
    createLocationsRoutes(_ctx),
    createSettingsRoutes(_ctx),
    createReviewVideoRoutes(_ctx),
    createReviewsRoutes(_ctx),
    createRepliesRoutes(_ctx, replyPublisherFor(_ctx)),
    createFeedbackCasesRoutes(_ctx),
    createTemplatesRoutes(_ctx),
    createReviewRequestsRoutes(_ctx),
    createDeliveryRoutes(_ctx),
    createIntegrationsRoutes(_ctx),
    createDashboardRoutes(_ctx),
    createInsightsRoutes(_ctx),
    createNotificationsRoutes(_ctx),
    createPushRoutes(_ctx),
    createSupportRoutes(_ctx),
    createPlansRoutes(_ctx),
    createBillingRoutes(_ctx),
    createDataExportRoutes(_ctx),
    createWidgetRoutes(_ctx),
    createProofRoutes(_ctx),
    createApiKeysRoutes(_ctx),
    createWebhooksRoutes(_ctx),
    createTeamRoutes(_ctx),
  ]);
  // Every route above gets its team role's check (and the server refuses to start if one has none).
  applyRouteRoles(router);
  return router;
}
