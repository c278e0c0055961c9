import { DEFAULT_NOTIFICATION_SETTINGS } from '@shared/schemas/notifications';
import type { Database } from '../../db/client';
import { enqueueMany } from '../../lib/queue/enqueue';
import { savedNotificationSettings } from './notifications.repository';
import { newReviewNotification, recordNotifications } from './record-notifications';
import { emitReviewsCreated, type CreatedReview } from '../webhooks';

/** A transaction (or the database) that wrote the reviews. */
export type AnnounceExecutor = Pick<Database, 'insert' | 'select'>;

/**
 * Tells the owner about reviews that just arrived, in the transaction that stored them: one notification
 * each for the bell, an email alert queued for each review at or below the owner's alert rating, and a
 * `review.created` webhook delivery for each endpoint that asked for it. A
 * rolled-back import or submission leaves neither behind; a committed one cannot lose them.
 */
export async function announceNewReviews(tx: AnnounceExecutor, reviews: CreatedReview[]): Promise<void> {
  if (reviews.length === 0) return;
  await recordNotifications(tx, reviews.map(newReviewNotification));
  await emitReviewsCreated(tx, reviews);

  // Today a client's account is its one user: the owner id is the user to alert.
  const owners = [...new Set(reviews.map((r) => r.ownerId))];
  const saved = await savedNotificationSettings(tx, owners);
  const settingsOf = (userId: number) =>
    saved.find((row) => row.userId === userId) ?? DEFAULT_NOTIFICATION_SETTINGS;
  const alerted = reviews.filter((review) => {
    const settings = settingsOf(review.ownerId);
    return settings.instantAlerts && review.rating <= settings.alertMaxRating;
  });
  await enqueueMany(
    tx,
    'send-review-alert',
    alerted.map((review) => ({
      payload: { reviewId: review.id, userId: review.ownerId },
      dedupeKey: `review-alert:${review.id}:${review.ownerId}`,
    })),
  );
}
