import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { reviewRequests, reviews } from '../../db/schema';
import { reviewIsResponded } from '../../db/review-predicates';
import { DASHBOARD_CHART_WEEKS, DASHBOARD_WINDOW_DAYS } from '@shared/schemas/dashboard';
import { POSITIVE_MIN_RATING } from '@shared/schemas/reviews';

/** Sums of one window (or of all time) of a client's reviews. */
export interface ReviewWindowSums {
  total: number;
  positive: number;
  pending: number;
  responded: number;
  ratingSum: number;
}

export interface ReviewFigures {
  all: ReviewWindowSums;
  /** Created in the last 30 days. */
  last: ReviewWindowSums;
  /** Created in the 30 days before those. */
  previous: ReviewWindowSums;
  /** Responses given in the last 30 days: how many, and their summed review-to-response time in days. */
  recentResponses: number;
  recentResponseDays: number;
}

export interface RequestFigures {
  total: number;
  last: number;
  previous: number;
  sentLast: number;
  outboxLast: number;
}

export interface WeekRow {
  weekStart: string;
  reviews: number;
  averageRating: number | null;
}

interface WeekSqlRow {
  week_start: string;
  reviews: number;
  average_rating: number | null;
}

const int = (expression: ReturnType<typeof sql>) => expression.mapWith(Number);

/** Responded when responseContent holds text (seed-spec section 3: empty means not responded). */
const isResponded = reviewIsResponded;

const lastWindow = (column: typeof reviews.createdAt | typeof reviewRequests.createdAt) =>
  sql`${column} > now() - make_interval(days => ${DASHBOARD_WINDOW_DAYS})`;
const previousWindow = (column: typeof reviews.createdAt | typeof reviewRequests.createdAt) =>
  sql`${column} > now() - make_interval(days => ${DASHBOARD_WINDOW_DAYS * 2}) and ${column} <= now() - make_interval(days => ${DASHBOARD_WINDOW_DAYS})`;

/** The five sums of one window, as FILTER aggregates over the same scan. */
function windowSums(window: ReturnType<typeof sql> | null) {
  const where = (condition: ReturnType<typeof sql>) => (window ? sql`${condition} and ${window}` : condition);
  return {
    total: int(sql`count(*) filter (where ${where(sql`true`)})::int`),
    positive: int(
      sql`count(*) filter (where ${where(sql`${reviews.rating} >= ${POSITIVE_MIN_RATING}`)})::int`,
    ),
    pending: int(sql`count(*) filter (where ${where(sql`not ${isResponded}`)})::int`),
    responded: int(sql`count(*) filter (where ${where(isResponded)})::int`),
    ratingSum: int(sql`coalesce(sum(${reviews.rating}) filter (where ${where(sql`true`)}), 0)::int`),
  };
}

export function createDashboardRepository(db: Database) {
  return {
    /** Every review figure of the dashboard in one scan of the client's reviews. */
    async reviewFigures(ownerId: number): Promise<ReviewFigures> {
      const all = windowSums(null);
      const last = windowSums(lastWindow(reviews.createdAt));
      const previous = windowSums(previousWindow(reviews.createdAt));
      const recentlyAnswered = sql`${isResponded} and ${reviews.respondedAt} > now() - make_interval(days => ${DASHBOARD_WINDOW_DAYS})`;
      const [row] = await db
        .select({
          allTotal: all.total,
          allPositive: all.positive,
          allPending: all.pending,
          allResponded: all.responded,
          allRatingSum: all.ratingSum,
          lastTotal: last.total,
          lastPositive: last.positive,
          lastPending: last.pending,
          lastResponded: last.responded,
          lastRatingSum: last.ratingSum,
          previousTotal: previous.total,
          previousPositive: previous.positive,
          previousPending: previous.pending,
          previousResponded: previous.responded,
          previousRatingSum: previous.ratingSum,
          recentResponses: int(sql`count(*) filter (where ${recentlyAnswered})::int`),
          recentResponseDays:
            sql<number>`coalesce(sum(extract(epoch from (${reviews.respondedAt} - ${reviews.createdAt})) / 86400.0) filter (where ${recentlyAnswered}), 0)::float8`.mapWith(
              Number,
            ),
        })
        .from(reviews)
        .where(eq(reviews.ownerId, ownerId));
      const r = row!;
      return {
        all: {
          total: r.allTotal,
          positive: r.allPositive,
          pending: r.allPending,
          responded: r.allResponded,
          ratingSum: r.allRatingSum,
        },
        last: {
          total: r.lastTotal,
          positive: r.lastPositive,
          pending: r.lastPending,
          responded: r.lastResponded,
          ratingSum: r.lastRatingSum,
        },
        previous: {
          total: r.previousTotal,
          positive: r.previousPositive,
          pending: r.previousPending,
          responded: r.previousResponded,
          ratingSum: r.previousRatingSum,
        },
        recentResponses: r.recentResponses,
        recentResponseDays: r.recentResponseDays,
      };
    },

    /** Review request counts in one scan of the client's requests. */
    async requestFigures(ownerId: number): Promise<RequestFigures> {
      const [row] = await db
        .select({
          total: int(sql`count(*)::int`),
          last: int(sql`count(*) filter (where ${lastWindow(reviewRequests.createdAt)})::int`),
          previous: int(sql`count(*) filter (where ${previousWindow(reviewRequests.createdAt)})::int`),
          // Sent means a message went out: not one kept in the outbox, not a link handed out by the owner.
          sentLast: int(
            sql`count(*) filter (where ${reviewRequests.sentAt} > now() - make_interval(days => ${DASHBOARD_WINDOW_DAYS})
              and ${reviewRequests.status} <> 'outbox' and ${reviewRequests.method} <> 'link')::int`,
          ),
          outboxLast: int(
            sql`count(*) filter (where ${reviewRequests.sentAt} > now() - make_interval(days => ${DASHBOARD_WINDOW_DAYS})
              and ${reviewRequests.status} = 'outbox')::int`,
          ),
        })
        .from(reviewRequests)
        .where(eq(reviewRequests.ownerId, ownerId));
      return row!;
    },

    /**
     * Reviews per week (weeks start on Monday, UTC) over the last 13 weeks, the current one included;
     * generate_series makes the empty weeks appear.
     */
    async weekly(ownerId: number): Promise<WeekRow[]> {
      const firstWeek = sql`date_trunc('week', now() at time zone 'UTC') - make_interval(weeks => ${DASHBOARD_CHART_WEEKS - 1})`;
      const result = await db.execute(sql`
        with counted as (
          select date_trunc('week', ${reviews.createdAt} at time zone 'UTC') as week,
                 count(*)::int as reviews,
                 round(avg(${reviews.rating}), 1)::float8 as average_rating
          from ${reviews}
          where ${reviews.ownerId} = ${ownerId}
            and ${reviews.createdAt} >= (${firstWeek}) at time zone 'UTC'
          group by 1
        )
        select to_char(weeks.week_start, 'YYYY-MM-DD') as week_start,
               coalesce(counted.reviews, 0)::int as reviews,
               counted.average_rating
        from generate_series(${firstWeek}, date_trunc('week', now() at time zone 'UTC'), interval '1 week')
          as weeks(week_start)
        left join counted on counted.week = weeks.week_start
        order by weeks.week_start`);
      // Both drivers (pg and PGlite) answer raw queries with `rows` of plain objects.
      const { rows } = result as unknown as { rows: WeekSqlRow[] };
      return rows.map((row) => ({
        weekStart: row.week_start,
        reviews: Number(row.reviews),
        averageRating: row.average_rating === null ? null : Number(row.average_rating),
      }));
    },

    /** How many reviews of each rating, 1 to 5 (the check constraint keeps ratings in that range). */
    async distribution(ownerId: number): Promise<number[]> {
      const [row] = await db
        .select({
          counts: sql<number[]>`array[
            count(*) filter (where ${reviews.rating} = 1),
            count(*) filter (where ${reviews.rating} = 2),
            count(*) filter (where ${reviews.rating} = 3),
            count(*) filter (where ${reviews.rating} = 4),
            count(*) filter (where ${reviews.rating} = 5)
          ]::int[]`,
        })
        .from(reviews)
        .where(eq(reviews.ownerId, ownerId));
      return (row?.counts ?? [0, 0, 0, 0, 0]).map(Number);
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
