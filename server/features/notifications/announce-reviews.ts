import { DEFAULT_NOTIFICATION_SETTINGS } from '@shared/schemas/notifications';
import type { CreatedReview, EventExecutor } from '../../lib/events';
import { enqueueMany } from '../../lib/queue/enqueue';
import { recordNotifications, savedNotificationSettings } from './notifications.repository';
import { newReviewNotification } from './notification-texts';

/**
 * Tells the owner about reviews that just arrived (the `reviews.created` event), in the transaction that stored
 * them: one notification each for the bell, and an email alert queued for each review at or below the owner's
 * alert rating. A rolled-back import or submission leaves neither behind; a committed one cannot lose them.
 */
export async function announceNewReviews(tx: EventExecutor, reviews: CreatedReview[]): Promise<void> {
  if (reviews.length === 0) return;
  await recordNotifications(tx, reviews.map(newReviewNotification));

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
