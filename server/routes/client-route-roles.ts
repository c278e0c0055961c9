import type { RequestHandler, Router } from 'express';
import { roleAtLeast, TEAM_MESSAGES, type TeamRole } from '@shared/schemas/team';
import { forbidden } from '../lib/errors';

/**
 * The least team role each route of the client's area needs (issue 16, part 2). The server is the
 * authority: the SPA only hides what a role cannot use. A route missing here stops the server from
 * starting (applyRouteRoles), so every new route states its role. The client account itself and an admin
 * inside a client's area are owners.
 *
 * - owner: everything, including billing and the plan, data export, account-wide settings (alerts, the
 *   sending test, support screens), integrations' connections and tokens, and the team.
 * - manager: reviews (incl. export and imports), review requests and their settings, contacts,
 *   templates, locations, the dashboard and insights.
 * - responder: reviews and replies only (reading reviews, replying, the bell), plus the reads the Reviews
 *   page shows beside them (location names, which providers are connected) and their own login.
 */
export const CLIENT_ROUTE_ROLES: Record<string, TeamRole> = {
  // Reviews and replies.
  'GET /reviews': 'responder',
  'GET /reviews/:id': 'responder',
  'GET /reviews/rose-after-reply': 'responder',
  'GET /reviews/:id/video': 'responder',
  'POST /reviews/:id/response': 'responder',
  'GET /reviews/:id/reply-draft': 'responder',
  'PUT /reviews/:id/response': 'responder',
  'DELETE /reviews/:id/response': 'responder',
  'POST /reviews/:id/response/retry': 'responder',
  'POST /reviews/:id/suggested-reply': 'responder',
  'GET /reply-settings': 'responder',
  'GET /reviews/export.csv': 'manager',
  // Private feedback cases (issue 47, item 3): a conversation with the customer beside their review.
  'GET /feedback-cases': 'responder',
  'GET /feedback-cases/:id': 'responder',
  'GET /reviews/:id/feedback-case': 'responder',
  'POST /feedback-cases/:id/messages': 'responder',
  'POST /feedback-cases/:id/resolve': 'responder',
  'POST /feedback-cases/:id/reopen': 'responder',
  // The bell.
  'GET /notifications': 'responder',
  'GET /notifications/unread-count': 'responder',
  'POST /notifications/read-all': 'responder',
  'POST /notifications/:id/read': 'responder',
  // Web Push on the signed-in person's own devices (issue 45).
  'GET /push/key': 'responder',
  'GET /push/subscriptions': 'responder',
  'POST /push/subscriptions': 'responder',
  'DELETE /push/subscriptions': 'responder',
  // One's own login (a member's own user; the client's is the business's).
  'PATCH /user': 'responder',
  'POST /user/password': 'responder',
  'DELETE /user': 'responder',
  // Read beside the reviews: location names and which providers are connected (never tokens).
  'GET /locations': 'responder',
  'GET /integrations': 'responder',

  // Locations.
  'POST /locations': 'manager',
  'GET /locations/:id': 'manager',
  'PATCH /locations/:id': 'manager',
  'DELETE /locations/:id': 'manager',
  'GET /locations/:id/qr': 'manager',
  // Contacts.
  'GET /contacts': 'manager',
  'GET /contacts/tags': 'manager',
  'GET /contacts/export.csv': 'manager',
  'POST /contacts/import': 'manager',
  'POST /contacts': 'manager',
  'GET /contacts/:id': 'manager',
  'GET /contacts/:id/consent': 'manager',
  'GET /contacts/:id/timeline': 'manager',
  'PATCH /contacts/:id': 'manager',
  'DELETE /contacts/:id': 'manager',
  // Templates.
  'GET /templates': 'manager',
  'POST /templates': 'manager',
  'POST /templates/preview': 'manager',
  'PATCH /templates/:id': 'manager',
  'DELETE /templates/:id': 'manager',
  'POST /templates/:id/preview': 'manager',
  // Review requests and how they are sent.
  'POST /review-requests': 'manager',
  'POST /review-requests/bulk': 'manager',
  'POST /review-requests/bulk/preview': 'manager',
  'GET /review-requests/last-asked': 'manager',
  'GET /review-requests': 'manager',
  'GET /review-requests/:id': 'manager',
  'GET /review-requests/:id/qr': 'manager',
  'POST /review-requests/link': 'manager',
  'GET /review-requests/audit.csv': 'manager',
  'POST /review-requests/:id/retry': 'manager',
  'POST /review-requests/:id/cancel': 'manager',
  'POST /review-requests/:id/resend': 'manager',
  'GET /request-settings': 'manager',
  'PUT /request-settings': 'manager',
  'GET /channels': 'manager',
  // Imports and replies through the providers (no tokens shown or changed).
  'POST /integrations/google/import-reviews': 'manager',
  'POST /integrations/facebook/import-reviews': 'manager',
  'GET /integrations/sync-runs/:id': 'manager',
  'POST /integrations/google/reply/:id': 'manager',
  'POST /integrations/facebook/reply/:id': 'manager',
  // Dashboard and insights (and the plan's usage they show).
  'GET /dashboard/stats': 'manager',
  'GET /dashboard/charts': 'manager',
  'GET /insights': 'manager',
  'GET /subscription': 'manager',
  // How replies are suggested (tone, signature) and the website widget: the business's public face.
  'PUT /reply-settings': 'manager',
  'GET /widget-settings': 'manager',
  'PUT /widget-settings': 'manager',
  'POST /widget-settings/rotate-key': 'manager',
  'POST /widget-settings/preview': 'manager',
  'GET /widget-settings/reviews': 'manager',

  // The public proof page (issue 47): what the business publishes about itself, under its own address.
  'GET /proof-settings': 'owner',
  'PUT /proof-settings': 'owner',

  // Connecting providers: their grants and tokens.
  'GET /integrations/google/connect': 'owner',
  'GET /integrations/google/callback': 'owner',
  'GET /integrations/google/locations': 'owner',
  'POST /integrations/google/link': 'owner',
  'GET /integrations/facebook/connect': 'owner',
  'GET /integrations/facebook/callback': 'owner',
  'DELETE /integrations/:provider': 'owner',
  // Billing and the plan.
  'GET /plans': 'owner',
  'POST /checkout/cancel': 'owner',
  'POST /checkout/:planId': 'owner',
  'GET /checkout/sessions/:id': 'owner',
  'POST /billing/portal': 'owner',
  // Account-wide settings, support screens, data export.
  'GET /notification-settings': 'owner',
  'PUT /notification-settings': 'owner',
  'POST /email-test': 'owner',
  'GET /system-test': 'owner',
  'GET /debug': 'owner',
  'GET /account/export': 'owner',
  // Keys and webhooks of the business's own systems: secrets that act for the whole business.
  'GET /api-keys': 'owner',
  'POST /api-keys': 'owner',
  'POST /api-keys/:id/revoke': 'owner',
  'GET /webhooks': 'owner',
  'POST /webhooks': 'owner',
  'DELETE /webhooks/:id': 'owner',
  'GET /webhooks/:id/deliveries': 'owner',
  'POST /webhooks/:id/test': 'owner',
  // The team.
  'GET /team': 'owner',
  'POST /team/invitations': 'owner',
  'DELETE /team/invitations/:id': 'owner',
  'PATCH /team/members/:id': 'owner',
  'DELETE /team/members/:id': 'owner',
};

interface Layer {
  route?: { path: unknown; methods: Record<string, boolean>; stack: unknown[] } & Record<string, unknown>;
  handle?: { stack?: Layer[] };
}

function requireTeamRole(minimum: TeamRole): RequestHandler {
  return (req, _res, next) => {
    // No role set means no tenant middleware ran: refuse rather than guess.
    next(
      req.teamRole && roleAtLeast(req.teamRole, minimum) ? undefined : forbidden(TEAM_MESSAGES.roleForbidden),
    );
  };
}

/**
 * Puts each route's role check in front of its handlers (inside the route itself, so it runs only for the
 * route the request matched). Throws at start-up for a route the table does not name, and for a table
 * entry no route has.
 */
export function applyRouteRoles(router: Router, table: Record<string, TeamRole> = CLIENT_ROUTE_ROLES): void {
  const seen = new Set<string>();
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.handle?.stack && !layer.route) walk(layer.handle.stack);
      const route = layer.route;
      if (!route) continue;
      for (const method of Object.keys(route.methods)) {
        if (!route.methods[method] || method === '_all') continue;
        const key = `${method.toUpperCase()} ${String(route.path)}`;
        const minimum = table[key];
        if (!minimum)
          throw new Error(`The client route ${key} has no team role: add it to CLIENT_ROUTE_ROLES`);
        seen.add(key);
        // Express's Route.<method>(fn) appends a layer for that method; it is moved to the front.
        (route[method] as (fn: RequestHandler) => void).call(route, requireTeamRole(minimum));
        route.stack.unshift(route.stack.pop());
      }
    }
  };
  walk((router as unknown as { stack: Layer[] }).stack);
  const stale = Object.keys(table).filter((key) => !seen.has(key));
  if (stale.length > 0)
    throw new Error(`CLIENT_ROUTE_ROLES names routes that do not exist: ${stale.join(', ')}`);
}
