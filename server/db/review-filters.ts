import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { POSITIVE_MIN_RATING } from '@shared/schemas/reviews';
import { integerLiteral } from './sql-literal';

/**
 * The SQL of the review list's filters, written once for the queries (review-predicates.ts) and for the
 * partial indexes that serve them (schema.ts): Postgres uses a partial index only when the query's condition
 * is the index's own, so both come from here, with constants rather than parameters.
 */
export interface ReviewFilterColumns {
  rating: AnyColumn;
  responseContent: AnyColumn;
  type: AnyColumn;
}

/** A literal, not a parameter: the planner must see the constant to match a partial index. */
const MIN = integerLiteral(POSITIVE_MIN_RATING);

/** Positive means POSITIVE_MIN_RATING stars or more; negative, fewer. */
export const positiveSql = (c: ReviewFilterColumns): SQL => sql`${c.rating} >= ${MIN}`;
export const negativeSql = (c: ReviewFilterColumns): SQL => sql`${c.rating} < ${MIN}`;
/** Responded when responseContent is present (seed-spec section 4): blank text counts as absent. */
export const respondedSql = (c: ReviewFilterColumns): SQL =>
  sql`coalesce(btrim(${c.responseContent}), '') <> ''`;
export const unrespondedSql = (c: ReviewFilterColumns): SQL =>
  sql`coalesce(btrim(${c.responseContent}), '') = ''`;
/** Anything not from a named source reads as private (shared/schemas/domain.ts normalizeReviewType). */
export const privateSql = (c: ReviewFilterColumns): SQL =>
  sql`${c.type} not in ('google', 'facebook', 'video')`;
