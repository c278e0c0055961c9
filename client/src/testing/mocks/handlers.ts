import { http, HttpResponse } from 'msw';

import type { PublicUser } from '@shared/schemas/user';

/**
 * Default API answers: nobody is signed in. Tests change the session with `signedInAs(user)` or override
 * any call with `server.use(...)`.
 */
const emptyList = () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } });

/**
 * Screens rendered through the whole app (router and shell tests) load their data: by default a new
 * client with nothing yet. Each path also answers under the admin mirror (`/api/admin/clients/{id}/...`).
 */
const emptyClientArea = [
  http.get('*/reviews', emptyList),
  http.get('*/locations', emptyList),
  http.get('*/contacts', emptyList),
  http.get('*/contacts/tags', () => HttpResponse.json([])),
  http.get('*/templates', emptyList),
  http.get('*/review-requests', emptyList),
  http.get('*/plans', emptyList),
  http.get('*/channels', () =>
    HttpResponse.json({ email: { mode: 'outbox' }, sms: { mode: 'outbox' }, whatsapp: { mode: 'outbox' } }),
  ),
  http.get('*/subscription', () => HttpResponse.json({ message: 'No subscription' }, { status: 404 })),
  http.get('*/integrations', () =>
    HttpResponse.json({
      googleConfigured: false,
      facebookConfigured: false,
      syncIntervalMinutes: 30,
      locations: [],
    }),
  ),
  http.get('*/notifications', emptyList),
  http.get('*/notifications/unread-count', () => HttpResponse.json({ unread: 0 })),
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
      },
      recent: { reviews: 0, averageRating: 0, avgResponseTimeDays: null, requestsSent: 0 },
    }),
  ),
  http.get('*/dashboard/charts', () => HttpResponse.json({ weekly: [], distribution: [] })),
  http.get('*/insights', () =>
    HttpResponse.json({ bySource: [], byLocation: [], words: { positive: [], negative: [] }, waiting: [] }),
  ),
];

const emptyAdminArea = [
  http.get('*/api/admin/stats', () =>
    HttpResponse.json({
      clients: { total: 0, newThisMonth: 0, active: 0, disabled: 0 },
      weekly: [],
      deliveryFailures: { last30Days: 0, latest: [] },
      recentSignUps: [],
    }),
  ),
];

export const handlers = [
  http.get('*/api/user', () => HttpResponse.json({ message: 'Not authenticated' }, { status: 401 })),
  http.post('*/api/logout', () => new HttpResponse(null, { status: 204 })),
  ...emptyClientArea,
  ...emptyAdminArea,
];

export function signedInAs(user: PublicUser) {
  return http.get('*/api/user', () => HttpResponse.json(user));
}
