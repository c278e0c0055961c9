import type { Subscribers } from '../../lib/events';
import { enqueueMany } from '../../lib/queue/enqueue';
import { forgetDevicesOf } from './push.repository';

/** What Web Push does when other features report something. */
export const pushSubscribers: Subscribers = {
  // Who hears of each review is worked out by the job, once the review's transaction has committed.
  'reviews.created': (tx, { reviews }) =>
    enqueueMany(
      tx,
      'push-new-review',
      reviews.map((review) => ({
        payload: { reviewId: review.id },
        dedupeKey: `push-new-review:${review.id}`,
      })),
    ),
  // A customer's answer on their feedback case: the business's turn, told like a low review.
  'feedback.answered': (tx, { reviewId, messageId, customerName, body }) =>
    enqueueMany(tx, 'push-feedback-answer', [
      {
        payload: { reviewId, messageId, customerName, body },
        dedupeKey: `push-feedback-answer:${messageId}`,
      },
    ]),
  // A removed member's phone stops hearing of the business at once.
  'team.member_removed': (tx, { userId }) => forgetDevicesOf(tx, userId),
};
