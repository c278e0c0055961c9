import { negativeSql, positiveSql, privateSql, respondedSql, unrespondedSql } from './review-filters';
import { sql } from 'drizzle-orm';
import { reviews } from './schema';

/**
 * A review is responded when responseContent is present (seed-spec section 4): blank text counts as absent.
 * Every query that filters or counts answered reviews uses this one condition (and the partial indexes too).
 */
export const reviewIsResponded = respondedSql(reviews);
export const reviewIsUnresponded = unrespondedSql(reviews);
export const reviewIsPositive = positiveSql(reviews);
export const reviewIsNegative = negativeSql(reviews);
export const reviewIsPrivate = privateSql(reviews);

/**
 * A review with stars: a Facebook recommendation has none (its rating is a stand-in, issue 41), so it counts
 * as a review but in no star average or distribution (migration 0022 keeps the rollups the same way).
 */
export const reviewHasStars = sql`${reviews.recommendation} is null`;

/** How many of the rows have each rating, 1 to 5, as one int[] (FILTER aggregates: one pass). */
export const reviewRatingCounts = () => sql<number[]>`array[
    count(*) filter (where ${reviews.rating} = 1 and ${reviewHasStars}),
    count(*) filter (where ${reviews.rating} = 2 and ${reviewHasStars}),
    count(*) filter (where ${reviews.rating} = 3 and ${reviewHasStars}),
    count(*) filter (where ${reviews.rating} = 4 and ${reviewHasStars}),
    count(*) filter (where ${reviews.rating} = 5 and ${reviewHasStars})
  ]::int[]`;

/**
 * A reply waits for its site (issue 41): the partial index reviews_owner_reply_waiting_idx has this very
 * predicate, so the "unpublished" filter walks it.
 */
export const reviewReplyWaiting = sql`${reviews.replyPublishState} is not null`;
