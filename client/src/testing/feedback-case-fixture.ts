import type {
  FeedbackCase,
  FeedbackCaseSummary,
  FeedbackDelivery,
  FeedbackMessage,
} from '@shared/feedback-cases';

/**
 * Feedback cases (issue 47, item 3) as the API answers them, every field set: Nora Quinn's open case 5 about
 * review 41, reachable by email, no message yet. A test names what it is about and nothing else.
 */
export function feedbackCaseFixture(overrides: Partial<FeedbackCase> = {}): FeedbackCase {
  return {
    id: 5,
    reviewId: 41,
    status: 'open',
    customerName: 'Nora Quinn',
    rating: 2,
    channel: 'email',
    unreachableReason: null,
    openedAt: '2026-03-05T10:00:00.000Z',
    resolvedAt: null,
    resolvedBy: null,
    messages: [],
    ...overrides,
  };
}

/** What happened to a business message: sent by email unless told. */
export function deliveryFixture(overrides: Partial<FeedbackDelivery> = {}): FeedbackDelivery {
  return { status: 'sent', channel: 'email', sendAt: null, reason: null, ...overrides };
}

/** A business message sent by email, "Message {id}". */
export function feedbackMessageFixture(
  id: number,
  overrides: Partial<FeedbackMessage> = {},
): FeedbackMessage {
  return {
    id,
    author: 'business',
    body: `Message ${id}`,
    createdAt: '2026-03-05T12:00:00.000Z',
    delivery: deliveryFixture(),
    ...overrides,
  };
}

/** A line of the cases list: case {id} of "Customer {id}" about review 40 + id, open, nobody wrote yet. */
export function feedbackCaseSummaryFixture(
  id: number,
  overrides: Partial<FeedbackCaseSummary> = {},
): FeedbackCaseSummary {
  return {
    id,
    reviewId: 40 + id,
    status: 'open',
    customerName: `Customer ${id}`,
    rating: 2,
    excerpt: `Feedback ${id}`,
    locationName: 'Harbour Street',
    openedAt: '2026-03-05T10:00:00.000Z',
    lastActivityAt: '2026-03-05T10:00:00.000Z',
    lastAuthor: null,
    ...overrides,
  };
}
