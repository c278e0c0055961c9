import type { ReviewType } from './domain';

// The reviews' words, without zod: what the screens name, count and show (the schemas are in
// shared/schemas/reviews.ts, which exports these too).

/**
 * The review filter options: the nine of seed-spec section 9, in its order, then the replies that are not on
 * their site yet (issue 41).
 */
export const REVIEW_FILTERS = [
  'all',
  'positive',
  'negative',
  'responded',
  'unresponded',
  'google',
  'facebook',
  'private',
  'video',
  'unpublished',
] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];
/** A filter read from the address or a select, checked without zod (the Reviews page's first load). */
export const isReviewFilter = (value: unknown): value is ReviewFilter =>
  (REVIEW_FILTERS as readonly unknown[]).includes(value);

/** Positive means rating 4 or higher; negative means 1 to 3 (seed-spec section 9). */
export const POSITIVE_MIN_RATING = 4;
export const REVIEW_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/** Without paging parameters the list answers at most the newest 1,000 (PRODUCT.md section 5). */
export const UNPAGED_LIMIT = 1000;
/**
 * The list counts its matching reviews up to this many and no further: past it the answer is "10,000+"
 * (X-Total-Count: 10000 with X-Total-Count-Capped: true). Counting all 200,000 reviews of a big client took
 * 60 ms on every page (issue 13); counting to 10,001 over the list's own index takes a few.
 */
export const REVIEW_COUNT_CAP = 10_000;
/**
 * A search counts its matches up to this many: each candidate's text is matched row by row, so a common word
 * in a big client's reviews cost 60 ms to count to 10,001 and costs 3 to count to 1,001 ("1,000+ results").
 */
export const SEARCH_COUNT_CAP = 1_000;
export const RESPONSE_MAX = 4000;
export const SEARCH_MAX = 200;

/** `from` after `to` is a mistake worth saying, not an empty list. */

/** A review as the API answers it (seed-spec section 3 plus PRODUCT.md section 4). */
export interface Review {
  id: number;
  type: ReviewType;
  rating: number;
  content: string;
  videoUrl: string | null;
  contactId: number | null;
  locationId: number | null;
  locationName: string | null;
  reviewRequestId: number | null;
  reviewerName: string;
  sourceUrl: string | null;
  createdAt: string;
  responseContent: string | null;
  respondedAt: string | null;
  /** The site the reply shows on; null when it lives in ReviewFlow only (or there is no reply). */
  responsePublishedTo: 'google' | 'facebook' | null;
  /**
   * A reply meant for Google or Facebook that the site has not taken yet (issue 41): not the review's response
   * (that is `responseContent`, still empty for a first answer, or the text the site shows for an edit).
   */
  pendingReply: string | null;
  /** 'pending' while it is retried, 'failed' once retrying stopped; null when no reply waits. */
  replyPublishState: ReplyPublishState | null;
  /** Why the site did not take it, in a few words; null while it is being published. */
  replyPublishError: string | null;
  /** A Facebook recommendation without stars: 'positive' or 'negative' (its rating is a stand-in). */
  recommendation: 'positive' | 'negative' | null;
  /**
   * The rating the reply answered (issue 47, item 2): when the customer changed it since, the screens show
   * "1★ → 4★ after your reply". Null while there is no reply.
   */
  ratingAtReply: number | null;
  /** When the sync found the review gone from Google or Facebook; null while it is there (or not from one). */
  removedFromSiteAt: string | null;
}

export type ReplyPublishState = 'pending' | 'failed';

/** How many of the reviews whose rating rose after the reply the dashboard lists (the newest replies). */
export const ROSE_AFTER_REPLY_SHOWN = 5;

/** GET /api/reviews/rose-after-reply (issue 47, item 2): how many in all, and the newest few. */
export interface RoseAfterReply {
  count: number;
  reviews: Review[];
}

export { hasWaitingReply, isResponded, ratingChangeAfterReply, ratingChangeText } from './review-state';

/** The export's columns, in order (PRODUCT.md section 8: Export downloads a CSV). */
export const REVIEW_EXPORT_COLUMNS = [
  'Date',
  'Customer',
  'Rating',
  'Source',
  'Location',
  'Review',
  'Responded',
  'Response',
  'Responded at',
] as const;

export const REVIEW_ALREADY_ANSWERED = 'This review has already been answered';
export const REVIEW_NOT_ANSWERED = 'This review has not been answered yet';
export const REVIEW_NOT_FOUND = 'Review not found';
export const REPLY_ALREADY_WAITING =
  'A reply to this review is already waiting for its site: try it again, change it or discard it';
export const REPLY_NOT_WAITING = 'No reply to this review is waiting for its site';
export const REPLY_BEING_PUBLISHED = 'This reply is being published right now';
/** GET /api/reviews/{id}/reply-draft with no open alert link for the review (issue 47, item 4). */
export const REPLY_DRAFT_NOT_FOUND = 'No suggested reply from an alert waits for this review';

/** Where a reply went (issue 10): posted on the review site, or kept in ReviewFlow only. */
export const REPLY_DESTINATIONS = ['google', 'facebook', 'none'] as const;
export type ReplyDestination = (typeof REPLY_DESTINATIONS)[number];

/**
 * The answer of POST/PUT /api/reviews/{id}/response: the review as it now stands, where the reply was
 * published, and, when a Google or Facebook review's reply was not published there, why in a few words the
 * screens show after "Saved in ReviewFlow only: " (e.g. "Google is not connected"). For DELETE, `published`
 * names the site the reply was also removed from, and the reason says why it could not be removed there.
 */
export interface ReplyResult extends Review {
  published: ReplyDestination;
  notPublishedReason: string | null;
}
