import { and, asc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/client';
import { locations, reviews } from '../../db/schema';
import { reviewColumns } from '../../db/review-columns';
import { reviewHasStars, reviewIsUnresponded, reviewRatingCounts } from '../../db/review-predicates';
import {
  INSIGHTS_MIN_WORD_LENGTH,
  INSIGHTS_TOP_WORDS,
  INSIGHTS_WAITING_LIMIT,
  INSIGHTS_WORD_SAMPLE,
  STOP_WORDS,
  type WordCount,
} from '@shared/schemas/insights';
import { POSITIVE_MIN_RATING } from '@shared/schemas/reviews';
import { REVIEW_TYPES } from '@shared/schemas/domain';
import type { Scope } from '../../db/scope';
import { reviewsIn, type ReviewRow } from '../reviews';

export interface BreakdownRow {
  key: string | number | null;
  name: string | null;
  total: number;
  ratingSum: number;
  counts: number[];
}

/** A review waiting for an answer, with the whole days it has waited. */
export interface WaitingRow extends ReviewRow {
  daysWaiting: number;
}

const num = (expression: ReturnType<typeof sql>) => expression.mapWith(Number);

/** The rating counts of a group, 1 to 5, as FILTER aggregates. */
const ratingColumns = () => ({
  total: num(sql`count(*)::int`),
  ratingSum: num(sql`coalesce(sum(${reviews.rating}) filter (where ${reviewHasStars}), 0)::int`),
  counts: reviewRatingCounts(),
});

/** Unknown types read as private (seed-spec section 3). */
const sourceType = sql<string>`case when ${reviews.type} in (${sql.join(
  REVIEW_TYPES.map((type) => sql`${type}`),
  sql`, `,
)}) then ${reviews.type} else 'private' end`;

/** Responded when responseContent holds text (seed-spec section 3). */
const isUnresponded = reviewIsUnresponded;

/** Postgres array literal of the stop words, sent as one parameter. */
const stopWordsLiteral = `{${STOP_WORDS.map((word) => `"${word}"`).join(',')}}`;

export function createInsightsRepository(db: Database) {
  return {
    async bySource(scope: Scope): Promise<BreakdownRow[]> {
      const rows = await db
        .select({ key: sourceType, ...ratingColumns() })
        .from(reviews)
        .where(reviewsIn(scope))
        .groupBy(sql`1`)
        .orderBy(sql`1`);
      return rows.map((row) => ({ ...row, name: row.key, counts: row.counts.map(Number) }));
    },

    async byLocation(scope: Scope): Promise<BreakdownRow[]> {
      const rows = await db
        .select({ key: reviews.locationId, name: locations.name, ...ratingColumns() })
        .from(reviews)
        .leftJoin(
          locations,
          and(eq(locations.id, reviews.locationId), eq(locations.ownerId, reviews.ownerId)),
        )
        .where(reviewsIn(scope))
        .groupBy(reviews.locationId, locations.name)
        .orderBy(sql`count(*) desc`, asc(locations.name));
      return rows.map((row) => ({ ...row, counts: row.counts.map(Number) }));
    },

    /**
     * The words most reviews of a band mention, over the band's newest reviews only (the sample keeps a
     * client with a million reviews fast). Text is lower-cased and split on anything not a letter.
     */
    async topWords(scope: Scope, band: 'positive' | 'negative'): Promise<WordCount[]> {
      const bandCondition =
        band === 'positive'
          ? sql`${reviews.rating} >= ${POSITIVE_MIN_RATING}`
          : sql`${reviews.rating} < ${POSITIVE_MIN_RATING}`;
      const result = await db.execute(sql`
        with sample as (
          select ${reviews.id} as id, lower(${reviews.content}) as content
          from ${reviews}
          where ${reviewsIn(scope)} and ${bandCondition}
          order by ${reviews.createdAt} desc, ${reviews.id} desc
          limit ${INSIGHTS_WORD_SAMPLE}
        )
        select words.word as word, count(distinct sample.id)::int as count
        from sample, regexp_split_to_table(sample.content, '[^[:alpha:]]+') as words(word)
        where char_length(words.word) >= ${INSIGHTS_MIN_WORD_LENGTH}
          and words.word <> all(${stopWordsLiteral}::text[])
        group by words.word
        order by count desc, words.word asc
        limit ${INSIGHTS_TOP_WORDS}`);
      return rowsOf<{ word: string; count: number }>(result).map((row) => ({
        word: row.word,
        count: Number(row.count),
      }));
    },

    /** The unanswered reviews that have waited longest (reviews_owner_created_idx, read oldest first). */
    async longestWaiting(scope: Scope): Promise<WaitingRow[]> {
      return db
        .select({
          ...reviewColumns,
          daysWaiting: num(sql`floor(extract(epoch from (now() - ${reviews.createdAt})) / 86400)::int`),
        })
        .from(reviews)
        .leftJoin(
          locations,
          and(eq(locations.id, reviews.locationId), eq(locations.ownerId, reviews.ownerId)),
        )
        .where(and(reviewsIn(scope), isUnresponded))
        .orderBy(asc(reviews.createdAt), asc(reviews.id))
        .limit(INSIGHTS_WAITING_LIMIT);
    },
  };
}

export type InsightsRepository = ReturnType<typeof createInsightsRepository>;
