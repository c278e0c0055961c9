import { negativeSql, positiveSql, privateSql, respondedSql, unrespondedSql } from './review-filters';
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
