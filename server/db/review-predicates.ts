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

/** How many of the rows have each rating, 1 to 5, as one int[] (FILTER aggregates: one pass). */
export const reviewRatingCounts = () => sql<number[]>`array[
    count(*) filter (where ${reviews.rating} = 1),
    count(*) filter (where ${reviews.rating} = 2),
    count(*) filter (where ${reviews.rating} = 3),
    count(*) filter (where ${reviews.rating} = 4),
    count(*) filter (where ${reviews.rating} = 5)
  ]::int[]`;
