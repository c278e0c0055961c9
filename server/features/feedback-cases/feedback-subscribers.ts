import { FEEDBACK_CASE_MAX_RATING } from '@shared/schemas/feedback-cases';
import type { Subscribers } from '../../lib/events';
import { addBusinessMessage, openCase } from './feedback-cases.repository';

/** What feedback cases do when other features report something. */
export const feedbackSubscribers: Subscribers = {
  // A low rating from a customer we asked (a known contact) opens a case; a public site's review never does.
  'review_request.completed': async (tx, { ownerId, contactId, reviewId, rating }) => {
    if (contactId !== null && rating <= FEEDBACK_CASE_MAX_RATING)
      await openCase(tx, { ownerId, reviewId, contactId });
  },
  // The first reply to a case's review is the case's first message: it goes to the customer. An edit is not.
  'review.responded': async (tx, { ownerId, reviewId, content, edited }) => {
    if (!edited) await addBusinessMessage(tx, { ownerId, reviewId, body: content });
  },
};
