// Private feedback that closes (issue 47, item 3), without zod: a 1-3★ private review from a known contact opens
// a case, the owner's messages reach the customer by email or SMS, the customer answers on their own link's page.
// Its words, statuses and the API's answers, for the screens (the Reviews page loads them with the list) and the
// server; the zod schemas are in schemas/feedback-cases.ts.
import { RESPONSE_MAX } from './reviews';

/** open: the business's turn; waiting: the customer's; resolved: closed by either. */
export const FEEDBACK_CASE_STATUSES = ['open', 'waiting', 'resolved'] as const;
export type FeedbackCaseStatus = (typeof FEEDBACK_CASE_STATUSES)[number];

export const FEEDBACK_CASE_STATUS_LABELS: Record<FeedbackCaseStatus, string> = {
  open: 'Open',
  waiting: 'Waiting for customer',
  resolved: 'Resolved',
};

/** The highest private rating that opens a case. */
export const FEEDBACK_CASE_MAX_RATING = 3;

/** The cases one page of the list holds. */
export const FEEDBACK_CASE_PAGE_SIZE = 20;

export const FEEDBACK_MESSAGE_MAX = RESPONSE_MAX;

/** How a business message reached (or did not reach) the customer. */
export const FEEDBACK_DELIVERY_STATUSES = ['queued', 'sent', 'outbox', 'failed', 'not_sent'] as const;
export type FeedbackDeliveryStatus = (typeof FEEDBACK_DELIVERY_STATUSES)[number];

/** The channels a case's messages go out on: WhatsApp refuses free text outside its 24-hour window. */
export type FeedbackChannel = 'email' | 'sms';

export const FEEDBACK_MESSAGES = {
  notFound: 'Case not found',
  empty: 'Please enter a message',
  tooLong: `Messages are limited to ${FEEDBACK_MESSAGE_MAX} characters`,
  resolvedAlready: 'This case is already resolved.',
  notResolved: 'This case is not resolved.',
  unreachable: 'This customer cannot be reached by email or SMS.',
  sent: 'Message sent to the customer',
  kept: 'Message kept in the outbox: sending is not set up',
  scheduled: 'Message scheduled after the customer’s quiet hours',
  resolved: 'Case resolved',
  reopened: 'Case reopened',
} as const;

export interface FeedbackDelivery {
  status: FeedbackDeliveryStatus;
  channel: FeedbackChannel | null;
  /** When a queued message goes out (after the customer's quiet hours), ISO. */
  sendAt: string | null;
  /** Why it was not sent, or failed. */
  reason: string | null;
}

export interface FeedbackMessage {
  id: number;
  author: 'business' | 'customer';
  body: string;
  createdAt: string;
  /** Null for the customer's own messages. */
  delivery: FeedbackDelivery | null;
}

export interface FeedbackCase {
  id: number;
  reviewId: number;
  status: FeedbackCaseStatus;
  customerName: string;
  rating: number;
  /** How the next message reaches the customer, or null when it cannot (see unreachableReason). */
  channel: FeedbackChannel | null;
  unreachableReason: string | null;
  openedAt: string;
  resolvedAt: string | null;
  resolvedBy: 'business' | 'customer' | null;
  messages: FeedbackMessage[];
}

export interface FeedbackCaseSummary {
  id: number;
  reviewId: number;
  status: FeedbackCaseStatus;
  customerName: string;
  rating: number;
  /** The review's words, shortened. */
  excerpt: string;
  locationName: string | null;
  openedAt: string;
  lastActivityAt: string;
  /** Who wrote last: the customer's answer waits for the business. Null before any message. */
  lastAuthor: 'business' | 'customer' | null;
}

export interface FeedbackCaseList {
  cases: FeedbackCaseSummary[];
  counts: Record<FeedbackCaseStatus, number>;
  nextCursor: string | null;
}
