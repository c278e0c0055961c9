import type { Subscribers } from '../../lib/events';
import { reviewedThroughRequest } from './contact-policy.repository';

/** What review requests do when other features report something. */
export const requestSubscribers: Subscribers = {
  // One customer, one policy: their other open requests end here, reminders and all (issue 41).
  'review_request.completed': async (tx, { ownerId, contactId, reviewRequestId, rating }) => {
    if (contactId !== null) await reviewedThroughRequest(tx, { ownerId, contactId, reviewRequestId, rating });
  },
};
