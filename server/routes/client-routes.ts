import { Router } from 'express';
import type { AppContext } from '../lib/context';
import { createPlansRoutes } from '../features/admin/admin.routes';
import { createBillingRoutes } from '../features/billing/billing.routes';
import { createSupportRoutes } from '../features/support/support.routes';
import { createIntegrationsRoutes } from '../features/integrations/integrations.routes';
import { createContactsRoutes } from '../features/contacts/contacts.routes';
import { createLocationsRoutes } from '../features/locations/locations.routes';
import { createSettingsRoutes } from '../features/settings/settings.routes';
import { createDeliveryRoutes } from '../features/delivery/delivery.routes';
import { createReviewVideoRoutes } from '../features/reviews/review-video.routes';
import { createReviewRequestsRoutes } from '../features/review-requests/review-requests.routes';
import { createTemplatesRoutes } from '../features/templates/templates.routes';
import { createReviewsRoutes } from '../features/reviews/reviews.routes';
import { createDashboardRoutes } from '../features/dashboard/dashboard.routes';
import { createInsightsRoutes } from '../features/insights/insights.routes';
import { createNotificationsRoutes } from '../features/notifications/notifications.routes';
import { createDataExportRoutes } from '../features/data-export/data-export.routes';
import { createWidgetRoutes } from '../features/widget/widget.routes';
import { createApiKeysRoutes } from '../features/api-access/api-keys.routes';
import { createWebhooksRoutes } from '../features/webhooks/webhooks.routes';
import { createTeamRoutes } from '../features/team/team.routes';
import { gatedByFirstSegment } from '../lib/route-gate';
import { applyRouteRoles } from './client-route-roles';

/**
 * Every route of a client's own area. The same router is mounted twice (server/app.ts): at /api for the
 * signed-in client, and at /api/admin/clients/:clientId for an admin acting inside that client's area, so
 * both see and do exactly the same. Handlers take the tenant from `tenantOf(req)`, never from the user.
 */
export function createClientRouter(_ctx: AppContext): Router {
  const router = Router();
  // Feature routers are added here, one line each. A request walks, in this order, only those whose routes
  // could answer it.
  router.use(
    [
      createContactsRoutes(_ctx),
      createLocationsRoutes(_ctx),
      createSettingsRoutes(_ctx),
      createReviewVideoRoutes(_ctx),
      createReviewsRoutes(_ctx),
      createTemplatesRoutes(_ctx),
      createReviewRequestsRoutes(_ctx),
      createDeliveryRoutes(_ctx),
      createIntegrationsRoutes(_ctx),
      createDashboardRoutes(_ctx),
      createInsightsRoutes(_ctx),
      createNotificationsRoutes(_ctx),
      createSupportRoutes(_ctx),
      createPlansRoutes(_ctx),
      createBillingRoutes(_ctx),
      createDataExportRoutes(_ctx),
      createWidgetRoutes(_ctx),
      createApiKeysRoutes(_ctx),
      createWebhooksRoutes(_ctx),
      createTeamRoutes(_ctx),
    ].map(gatedByFirstSegment),
  );
  // Every route above gets its team role's check (and the server refuses to start if one has none).
  applyRouteRoles(router);
  return router;
}
