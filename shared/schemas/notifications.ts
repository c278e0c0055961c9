import { z } from 'zod';
import { NOTIFICATIONS_MAX_PAGE_SIZE, NOTIFICATIONS_PAGE_SIZE } from '../notification-paging';
import type { ReviewType } from './domain';

/**
 * What the header's bell lists (issue 10, PRODUCT.md section 8). One row per event, written in the same
 * transaction as the thing it reports, so a rolled-back import or submission leaves no notification behind.
 */
export const NOTIFICATION_KINDS = [
  /** A review arrived (any source), rating 3-5. */
  'review_new',
  /** A review of 1 or 2 stars arrived: it needs attention. */
  'review_negative',
  /** A reply was kept in ReviewFlow but could not be published on the review site. */
  'reply_failed',
  /** A review request could not be delivered. */
  'request_failed',
  /** A Google or Facebook connection stopped working (token revoked or expired): connect again. */
  'integration_reconnect',
  /** A reply posted on Google is no longer there (issue 47, item 2). */
  'reply_vanished',
  /** A customer changed their Google or Facebook review after it was answered. */
  'review_edited',
  /** A Google or Facebook review is no longer on its site. */
  'review_removed',
  /** A customer answered on their feedback case's page (issue 47, item 3). */
  'feedback_answered',
] as const;
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKindSchema>;

/** A review of this rating or lower is announced as negative. */
export const NEGATIVE_MAX_RATING = 2;
/** Notifications are kept this long, then deleted by a daily job. */
export const NOTIFICATION_RETENTION_DAYS = 90;
export { NOTIFICATIONS_MAX_PAGE_SIZE, NOTIFICATIONS_PAGE_SIZE };

/** A notification as the API answers it. */
export interface Notification {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  /**
   * Where it leads, as a path inside the client's area: `/reviews?review=12`, `/get-reviews?request=5`,
   * `/settings?tab=integrations`. The client prefixes its tenant's routeBase (the admin's view of a client).
   */
  target: string;
  createdAt: string;
  readAt: string | null;
}

/** GET /api/notifications: newest first, paged; the total is in X-Total-Count. */
export const NotificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(NOTIFICATIONS_MAX_PAGE_SIZE).default(NOTIFICATIONS_PAGE_SIZE),
  unread: z.enum(['true', 'false']).optional(),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

/** GET /api/notifications/unread-count */
export interface UnreadCount {
  unread: number;
}

/** Targets, built in one place so the server writes and the client opens the same paths. */
export const notificationTargets = {
  review: (reviewId: number) => `/reviews?review=${reviewId}`,
  request: (requestId: number) => `/get-reviews?request=${requestId}`,
  integrations: () => '/settings?tab=integrations',
};

const SOURCE_WORDS: Record<ReviewType, string> = {
  google: 'Google',
  facebook: 'Facebook',
  private: 'private',
  video: 'video',
};

/** "New 5-star Google review", "New 1-star private review". */
export function reviewNotificationTitle(rating: number, type: ReviewType): string {
  return `New ${rating}-star ${SOURCE_WORDS[type]} review`;
}

/** Email alerts and the weekly digest, per user (Settings › Notifications). */
export const NotificationSettingsSchema = z.object({
  /** An email for each new review at or below `alertMaxRating`. */
  instantAlerts: z.boolean(),
  alertMaxRating: z.number().int().min(1).max(5),
  /** A Monday email with last week's figures. */
  weeklyDigest: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  instantAlerts: true,
  alertMaxRating: 3,
  weeklyDigest: true,
};
