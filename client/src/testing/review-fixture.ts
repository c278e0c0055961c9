import type { Review } from '@shared/reviews';

/**
 * A review as the API answers it, every field set: unanswered private feedback with no contact or location.
 * A test names what it is about (`reviewFixture({ type: 'google', rating: 5 })`) and nothing else.
 */
export function reviewFixture(overrides: Partial<Review> = {}): Review {
  return {
    id: 1,
    type: 'private',
    rating: 2,
    content: 'The order was late',
    videoUrl: null,
    contactId: null,
    locationId: null,
    locationName: null,
    reviewRequestId: null,
    reviewerName: 'Sam Doe',
    sourceUrl: null,
    createdAt: '2026-03-05T10:00:00.000Z',
    responseContent: null,
    respondedAt: null,
    responsePublishedTo: null,
    pendingReply: null,
    replyPublishState: null,
    replyPublishError: null,
    recommendation: null,
    ratingAtReply: null,
    removedFromSiteAt: null,
    ...overrides,
  };
}
