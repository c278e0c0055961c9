import { notificationTargets } from '@shared/schemas/notifications';
import type { Subscribers } from '../../lib/events';
import { recordNotifications } from './record-notifications';

/** What the bell says of the events other features emit. */
export const notificationSubscribers: Subscribers = {
  'reply.failed': (tx, { ownerId, reviewId, reason }) =>
    recordNotifications(tx, [
      {
        ownerId,
        kind: 'reply_failed',
        title: 'A reply was not published',
        body: `Not on the site: ${reason}. Open the review to try again, change or discard it.`,
        target: notificationTargets.review(reviewId),
        reviewId,
      },
    ]),
};
