import { http, HttpResponse } from 'msw';

import type { DashboardStats, DashboardWindow } from '@shared/schemas/dashboard';
import { CHANNELS } from '@shared/domain';
import { builtInTemplate } from '@shared/template-words';
import type { PublicUser } from '@shared/schemas/user';

/**
 * Default API answers: nobody is signed in. Tests change the session with `signedInAs(user)` or override
 * any call with `server.use(...)`.
 */
const emptyPage = () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } });
const emptyList = () => HttpResponse.json([]);
const EMPTY_DASHBOARD_WINDOW: DashboardWindow = {
  reviews: 0,
  positiveReviews: 0,
  pendingResponses: 0,
  averageRating: 0,
  responseRate: 0,
  avgResponseTimeDays: null,
  requestsSent: 0,
  requestsNotSent: 0,
};

/** Mondays from `count - 1` weeks ago to this week, as the server's weekly series names them. */
function lastWeeks(count: number): string[] {
  const today = new Date();
  const monday = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return Array.from({ length: count }, (_, i) =>
    new Date(monday.getTime() - (count - 1 - i) * 7 * 86_400_000).toISOString().slice(0, 10),
  );
}

/**
 * Screens rendered through the whole app (router and shell tests) load their data: by default a new
 * client with nothing yet. Each path also answers under the admin mirror (`/api/admin/clients/{id}/...`).
 */
const emptyClientArea = [
  http.get('*/reviews', emptyPage),
  http.get('*/locations', emptyList),
  http.get('*/contacts', emptyPage),
  http.get('*/contacts/tags', emptyList),
  // A new client has no template of their own: each channel's shipped one is listed.
  http.get('*/templates', () => HttpResponse.json(CHANNELS.map(builtInTemplate))),
  http.get('*/review-requests', emptyPage),
  // Nobody asked yet (the contact policy, issue 41); a contact's timeline is empty.
  http.get('*/review-requests/last-asked', () => HttpResponse.json(null)),
  http.get('*/contacts/:id/timeline', emptyList),
  http.get('*/plans', emptyList),
  http.get('*/channels', () =>
    HttpResponse.json({
      email: { mode: 'outbox' },
      sms: { mode: 'outbox' },
      whatsapp: { mode: 'outbox', template: false },
    }),
  ),
  http.get('*/integrations', () =>
    HttpResponse.json({
      googleConfigured: false,
      facebookConfigured: false,
      syncIntervalMinutes: 30,
      locations: [],
    }),
  ),
  http.get('*/notifications', emptyPage),
  http.get('*/api-keys', emptyList),
  http.get('*/webhooks', emptyList),
  http.get('*/notifications/unread-count', () => HttpResponse.json({ unread: 0 })),
  http.get('*/reply-settings', () => HttpResponse.json({ tone: 'warm', signature: '' })),
  http.get('*/notification-settings', () =>
    HttpResponse.json({ instantAlerts: true, alertMaxRating: 3, weeklyDigest: true }),
  ),
  http.get('*/dashboard/stats', () =>
    HttpResponse.json({
      totalReviews: 0,
      positiveReviews: 0,
      reviewRequests: 0,
      pendingResponses: 0,
      averageRating: 0,
      responseRate: 0,
      trends: {
        totalReviews: '0%',
        positiveReviews: '0%',
        reviewRequests: '0%',
        pendingResponses: '0%',
        averageRating: '0%',
        responseRate: '0%',
        requestsSent: '0%',
        avgResponseTime: '0%',
      },
      period: 30,
      recent: EMPTY_DASHBOARD_WINDOW,
      previous: EMPTY_DASHBOARD_WINDOW,
    } satisfies DashboardStats),
  ),
  http.get('*/dashboard/charts', () =>
    HttpResponse.json({
      weekly: lastWeeks(13).map((weekStart) => ({ weekStart, reviews: 0, averageRating: null })),
      distribution: [1, 2, 3, 4, 5].map((rating) => ({ rating, count: 0 })),
    }),
  ),
  http.get('*/reviews/rose-after-reply', () => HttpResponse.json({ count: 0, reviews: [] })),
  // No feedback cases yet (issue 47, item 3): the Reviews page shows none, a review's dialog no case.
  http.get('*/feedback-cases', () =>
    HttpResponse.json({ cases: [], counts: { open: 0, waiting: 0, resolved: 0 }, nextCursor: null }),
  ),
  http.get('*/reviews/:id/feedback-case', () => HttpResponse.json({ case: null })),
  http.get('*/insights', () =>
    HttpResponse.json({ bySource: [], byLocation: [], words: { positive: [], negative: [] }, waiting: [] }),
  ),
];

const emptyAdminArea = [
  http.get('*/api/admin/stats', () =>
    HttpResponse.json({
      clients: { total: 0, newThisMonth: 0, active: 0, disabled: 0 },
      weekly: lastWeeks(12).map((week) => ({ week, reviews: 0, requests: 0 })),
      deliveryFailures: { last30Days: 0, latest: [] },
      recentSignUps: [],
    }),
  ),
];

export const handlers = [
  http.get('*/api/user', () =>
    HttpResponse.json({ message: 'Not authenticated', code: 'unauthenticated' }, { status: 401 }),
  ),
  http.post('*/api/logout', () => new HttpResponse(null, { status: 204 })),
  // Help and the Terms quote this deployment's numbers (the server's defaults).
  http.get('*/api/plan-terms', () =>
    HttpResponse.json({
      freePlan: { reviewRequestLimit: 100, locationsLimit: 3 },
      unverifiedRequestCap: 20,
      billingGraceDays: 7,
    }),
  ),
  // Settings › Profile asks whether an email change is waiting for its link.
  http.get('*/api/user/email', () =>
    HttpResponse.json({ email: 'owner@example.com', emailVerified: true, pendingEmail: null }),
  ),
  ...emptyClientArea,
  ...emptyAdminArea,
];

export function signedInAs(user: PublicUser) {
  return http.get('*/api/user', () => HttpResponse.json(user));
}
