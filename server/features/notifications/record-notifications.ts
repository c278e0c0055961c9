import {
  NEGATIVE_MAX_RATING,
  notificationTargets,
  reviewNotificationTitle,
  type NotificationKind,
} from '@shared/schemas/notifications';
import type { CreatedReview } from '../webhooks';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';

/** A transaction or the database: a notification is written in the same transaction as its cause. */
export type NotificationExecutor = Pick<Database, 'insert'>;

export interface NewNotification {
  ownerId: number;
  kind: NotificationKind;
  title: string;
  body?: string;
  target: string;
  reviewId?: number | null;
  reviewRequestId?: number | null;
}

/** Writes the bell's events; call it with the transaction that wrote what they report. */
export async function recordNotifications(db: NotificationExecutor, rows: NewNotification[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(notifications).values(
    rows.map((row) => ({
      ownerId: row.ownerId,
      kind: row.kind,
      title: row.title,
      body: row.body ?? '',
      target: row.target,
      reviewId: row.reviewId ?? null,
      reviewRequestId: row.reviewRequestId ?? null,
    })),
  );
}

const QUOTE_MAX = 120;

/** The notification of a new review: negative (1-2 stars) or new, with who wrote it and how it starts. */
export function newReviewNotification(review: CreatedReview): NewNotification {
  const who = review.reviewerName.trim() || 'A customer';
  const text = review.content.replace(/\s+/g, ' ').trim();
  const quote = text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX - 1)}…` : text;
  return {
    ownerId: review.ownerId,
    kind: review.rating <= NEGATIVE_MAX_RATING ? 'review_negative' : 'review_new',
    title: reviewNotificationTitle(review.rating, review.type),
    body: quote ? `${who}: “${quote}”` : `${who} left a rating without text.`,
    target: notificationTargets.review(review.id),
    reviewId: review.id,
  };
}
