import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  reviewDailyStats,
  reviewHourlyStats,
  reviewRequests,
  reviewResponseDailyStats,
  reviewResponseHourlyStats,
  reviews,
  reviewTotals,
} from '../../db/schema';
import { reviewHasStars, reviewIsResponded, reviewRatingCounts } from '../../db/review-predicates';
import { integerLiteral } from '../../db/sql-literal';
import {
  DASHBOARD_CHART_WEEKS,
  DASHBOARD_PERIODS,
  DASHBOARD_WINDOW_DAYS,
  type DashboardPeriod,
} from '@shared/schemas/dashboard';
import { POSITIVE_MIN_RATING } from '@shared/schemas/reviews';
import type { Scope } from '../../db/scope';
import { reviewsIn } from '../reviews';

/** Sums of one window (or of all time) of a client's reviews. */
export interface ReviewWindowSums {
  total: number;
  positive: number;
  pending: number;
  responded: number;
  /** Reviews with stars (not Facebook recommendations): what ratingSum is a sum over. */
  rated: number;
  ratingSum: number;
}

export interface ReviewFigures {
  all: ReviewWindowSums;
  /** Created in the period (the last 7, 30 or 90 days). */
  last: ReviewWindowSums;
  /** Created in the period before it. */
  previous: ReviewWindowSums;
  /**
   * Replies written in the period, imported backlog left out (timedReply): how many, and their summed
   * review-to-response time in days; and the same of the period before.
   */
  recentResponses: number;
  recentResponseDays: number;
  previousResponses: number;
  previousResponseDays: number;
}

export interface RequestFigures {
  total: number;
  last: number;
  previous: number;
  sentLast: number;
  sentPrevious: number;
  outboxLast: number;
  outboxPrevious: number;
}

export interface WeekRow {
  weekStart: string;
  reviews: number;
  averageRating: number | null;
}

const int = (expression: ReturnType<typeof sql>) => expression.mapWith(Number);

/** Responded when responseContent holds text (seed-spec section 3: empty means not responded). */
const isResponded = reviewIsResponded;

/** A review that reached ReviewFlow longer than this after it was written is an import's backlog. */
export const IMPORT_BACKLOG_DAYS = 7;

/**
 * A reply whose time counts in Avg. Response Time (issue 41): one written here, to a review that reached
 * ReviewFlow within IMPORT_BACKLOG_DAYS of being written. A backlog's years-old reviews, and replies older
 * than their review's arrival (written on the site before the import), would say nothing of how fast the
 * business answers now.
 */
const timedReply = sql`${isResponded}
  and ${reviews.receivedAt} <= ${reviews.createdAt} + make_interval(days => ${integerLiteral(IMPORT_BACKLOG_DAYS)})
  and ${reviews.respondedAt} >= ${reviews.receivedAt}`;

/**
 * The instant `days` days ago, as a scalar subquery: Postgres computes it once per statement (an InitPlan)
 * where `now() - make_interval(...)` in a FILTER would be computed again for every row counted. The dashboard's
 * fixed numbers (its windows' days, its chart's weeks) are written into its statements: with them bound, Postgres
 * planned the figures' statements and dashboard_weekly again on every view.
 */
const daysAgo = (days: number) => sql`(select now() - make_interval(days => ${integerLiteral(days)}))`;

type WindowedColumn =
  | typeof reviews.createdAt
  | typeof reviews.respondedAt
  | typeof reviewRequests.createdAt
  | typeof reviewRequests.sentAt;

/** The period: newer than `days` days ago. */
const lastWindow = (column: WindowedColumn, days: DashboardPeriod) => sql`${column} > ${daysAgo(days)}`;
/** The period before it, as long. */
const previousWindow = (column: WindowedColumn, days: DashboardPeriod) =>
  sql`${column} > ${daysAgo(days * 2)} and ${column} <= ${daysAgo(days)}`;

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
    rated: int(sql`count(*) filter (where ${where(reviewHasStars)})::int`),
    ratingSum: int(sql`coalesce(sum(${reviews.rating}) filter (where ${where(reviewHasStars)}), 0)::int`),
  };
}

/** The Monday (UTC) of the chart's first week. */
const firstWeek = sql`date_trunc('week', now() at time zone 'UTC') - make_interval(weeks => ${integerLiteral(DASHBOARD_CHART_WEEKS - 1)})`;

/** The chart's 13 weeks, each with the counts of `counted` (week, reviews, average_rating) or zero; unrun. */
function weeksQuery(db: Database, counted: SQL) {
  return db
    .select({
      weekStart: sql<string>`to_char(weeks.week_start, 'YYYY-MM-DD')`,
      reviews: sql<number>`coalesce(counted.reviews, 0)::int`,
      averageRating: sql<number | null>`counted.average_rating`,
    })
    .from(
      sql`generate_series(${firstWeek}, date_trunc('week', now() at time zone 'UTC'), interval '1 week')
            as weeks(week_start)
          left join (${counted}) counted on counted.week = weeks.week_start`,
    )
    .orderBy(sql`weeks.week_start`);
}

function toWeekRows(rows: { weekStart: string; reviews: number; averageRating: number | null }[]): WeekRow[] {
  return rows.map((row) => ({
    weekStart: row.weekStart,
    reviews: Number(row.reviews),
    averageRating: row.averageRating === null ? null : Number(row.averageRating),
  }));
}

/**
 * The charts of a whole client read only its daily rollups: the same two statements for every client, built
 * and prepared once per process and planned once per connection (issue 13).
 */
function prepareChartStatements(db: Database) {
  const ownerId = sql.placeholder('ownerId');
  return {
    weekly: weeksQuery(
      db,
      sql`select date_trunc('week', s.day::timestamp) as week,
                 sum(s.reviews)::int as reviews,
                 round(sum(s.rating_sum)::numeric
                   / nullif(sum(s.rating1 + s.rating2 + s.rating3 + s.rating4 + s.rating5), 0), 1)::float8
                   as average_rating
          from ${reviewDailyStats} s
          where s.owner_id = ${ownerId}
            and s.day >= (${firstWeek})::date
          group by 1
          having sum(s.reviews) > 0`,
    ).prepare('dashboard_weekly'),
    distribution: db
      .select({
        counts: sql<number[]>`array[${reviewTotals.rating1}, ${reviewTotals.rating2}, ${reviewTotals.rating3},
          ${reviewTotals.rating4}, ${reviewTotals.rating5}]`,
      })
      .from(reviewTotals)
      .where(eq(reviewTotals.ownerId, ownerId))
      .prepare('dashboard_distribution'),
  };
}

// Sent means a message went out: not one kept in the outbox, not a link handed out by the owner.
const wentOut = sql`${reviewRequests.status} <> 'outbox' and ${reviewRequests.method} <> 'link'`;
const keptInOutbox = sql`${reviewRequests.status} = 'outbox'`;

/** Review request counts of a client (of these locations only, when given) for a period; unrun. */
export function requestFiguresQuery(
  db: Database,
  ownerId: number | Placeholder,
  locationIds: number[] | null,
  days: DashboardPeriod,
) {
  const count = (condition: SQL) => int(sql`count(*) filter (where ${condition})::int`);
  const last = lastWindow(reviewRequests.sentAt, days);
  const previous = previousWindow(reviewRequests.sentAt, days);
  return db
    .select({
      // Named, so the stats' one statement reads them as a subquery's columns (figuresQuery).
      total: int(sql`count(*)::int`).as('total'),
      last: count(lastWindow(reviewRequests.createdAt, days)).as('last'),
      previous: count(previousWindow(reviewRequests.createdAt, days)).as('previous'),
      sentLast: count(sql`${last} and ${wentOut}`).as('sent_last'),
      sentPrevious: count(sql`${previous} and ${wentOut}`).as('sent_previous'),
      outboxLast: count(sql`${last} and ${keptInOutbox}`).as('outbox_last'),
      outboxPrevious: count(sql`${previous} and ${keptInOutbox}`).as('outbox_previous'),
    })
    .from(reviewRequests)
    .where(
      and(
        eq(reviewRequests.ownerId, ownerId),
        locationIds ? inArray(reviewRequests.locationId, locationIds) : undefined,
      ),
    );
}

/** One window's sums as figuresQuery answers them: a bucket's row of `(...) q`, all null for none. */
const bucketFields = {
  bucket: sql<'all' | 'last' | 'previous' | null>`q.bucket`,
  total: int(sql`q.total`),
  positive: int(sql`q.positive`),
  pending: int(sql`q.pending`),
  responded: int(sql`q.responded`),
  rated: int(sql`q.rated`),
  ratingSum: int(sql`q.rating_sum`),
};

/**
 * The stats of a whole client in one statement, built and prepared once per process and planned once per
 * connection like the charts (issue 13): its window sums from its rollups plus the two hours the window
 * boundaries cut (see figures), its recent responses and its request counts, which were four statements
 * (with the session's, five round trips a view where there are two). The request counts and the responses
 * are one row each whatever the client holds; each window's sums come as rows beside them (none for a client
 * with no review yet). One statement also reads them all in one snapshot. Unrun, with its placeholder.
 */
export function figuresQuery(db: Database, days: DashboardPeriod) {
  const ownerId = sql.placeholder('ownerId');
  const lastDays = integerLiteral(days);
  const bothDays = integerLiteral(days * 2);
  // The two boundaries (l: `days` ago, p: twice as long ago), their UTC days and their UTC hours.
  const bounds = sql`(select l, p, (l at time zone 'UTC')::date as l_day, (p at time zone 'UTC')::date as p_day,
                             date_trunc('hour', l at time zone 'UTC') as l_hour,
                             date_trunc('hour', p at time zone 'UTC') as p_hour
                      from (select now() - make_interval(days => ${lastDays}) as l,
                                   now() - make_interval(days => ${bothDays}) as p) instants) b`;
  const utc = (time: string) => sql.raw(`((${time})::timestamp at time zone 'UTC')`);
  const sums = sql`sum(s.reviews)::int as total, sum(s.positive)::int as positive,
                   sum(s.reviews - s.responded)::int as pending, sum(s.responded)::int as responded,
                   sum(s.rating1 + s.rating2 + s.rating3 + s.rating4 + s.rating5)::int as rated,
                   sum(s.rating_sum)::int as rating_sum`;
  // Of a window's boundary days, every hour but the boundary's own: the rest of the boundary day of `days`
  // ago, and the part of the day of twice as long ago inside the previous window.
  const edgeHours = (table: typeof reviewHourlyStats | typeof reviewResponseHourlyStats, select: SQL) =>
    sql`select case when s.hour > b.l_hour then 'last' else 'previous' end as bucket, ${select}
        from ${table} s, ${bounds}
        where s.owner_id = ${ownerId} and s.hour >= b.l_day::timestamp and s.hour < (b.l_day + 1)::timestamp
          and s.hour <> b.l_hour
        group by 1
        union all
        select 'previous', ${select}
        from ${table} s, ${bounds}
        where s.owner_id = ${ownerId} and s.hour > b.p_hour and s.hour < (b.p_day + 1)::timestamp
        group by 1`;
  // The reviews of the two boundary hours: after `days` ago (last), before it, and after twice as long ago.
  const inBoundaryHours = (column: typeof reviews.createdAt | typeof reviews.respondedAt) =>
    sql`((${column} > b.l and ${column} < ${utc("b.l_hour + interval '1 hour'")})
          or (${column} >= ${utc('b.l_hour')} and ${column} <= b.l)
          or (${column} > b.p and ${column} < ${utc("b.p_hour + interval '1 hour'")}))`;
  const rolledBuckets = sql`select 'all' as bucket, t.reviews as total, t.positive, t.reviews - t.responded as pending,
                    t.responded, t.rating1 + t.rating2 + t.rating3 + t.rating4 + t.rating5 as rated, t.rating_sum
             from ${reviewTotals} t
             where t.owner_id = ${ownerId}
             union all
             select case when s.day > b.l_day then 'last' else 'previous' end, ${sums}
             from ${reviewDailyStats} s, ${bounds}
             where s.owner_id = ${ownerId} and s.day > b.p_day and s.day <> b.l_day
             group by 1
             union all
             ${edgeHours(reviewHourlyStats, sums)}`;
  const edgeBuckets = sql`select case when ${reviews.createdAt} > b.l then 'last' else 'previous' end as bucket,
                    count(*)::int as total,
                    count(*) filter (where ${reviews.rating} >= ${POSITIVE_MIN_RATING})::int as positive,
                    count(*) filter (where not ${isResponded})::int as pending,
                    count(*) filter (where ${isResponded})::int as responded,
                    count(*) filter (where ${reviewHasStars})::int as rated,
                    coalesce(sum(${reviews.rating}) filter (where ${reviewHasStars}), 0)::int as rating_sum
             from ${reviews}, ${bounds}
             where ${reviews.ownerId} = ${ownerId} and ${inBoundaryHours(reviews.createdAt)}
             group by 1`;
  // The replies of the period and the one before, whatever their reviews' age, as the review sums: whole days
  // from review_response_daily_stats, the boundary days' other hours from review_response_hourly_stats, the two
  // boundary hours from the reviews over (owner_id, responded_at).
  const responseDays = sql`extract(epoch from (${reviews.respondedAt} - ${reviews.createdAt})) / 86400.0`;
  const responseSums = sql`sum(s.responses)::int as responses, sum(s.response_days)::float8 as days`;
  const responseRows = sql`select case when s.day > b.l_day then 'last' else 'previous' end as bucket,
                    s.responses, s.response_days as days
             from ${reviewResponseDailyStats} s, ${bounds}
             where s.owner_id = ${ownerId} and s.day > b.p_day and s.day <> b.l_day
             union all
             ${edgeHours(reviewResponseHourlyStats, responseSums)}
             union all
             select case when ${reviews.respondedAt} > b.l then 'last' else 'previous' end, 1, ${responseDays}
             from ${reviews}, ${bounds}
             where ${reviews.ownerId} = ${ownerId} and ${timedReply} and ${inBoundaryHours(reviews.respondedAt)}`;
  const recentResponses = sql`select coalesce(sum(x.responses) filter (where x.bucket = 'last'), 0)::int as responses,
               coalesce(sum(x.days) filter (where x.bucket = 'last'), 0)::float8 as days,
               coalesce(sum(x.responses) filter (where x.bucket = 'previous'), 0)::int as previous_responses,
               coalesce(sum(x.days) filter (where x.bucket = 'previous'), 0)::float8 as previous_days
             from (${responseRows}) x`;
  return db
    .select({
      ...bucketFields,
      responses: int(sql`r.responses`),
      responseDays: sql<number>`r.days`.mapWith(Number),
      previousResponses: int(sql`r.previous_responses`),
      previousResponseDays: sql<number>`r.previous_days`.mapWith(Number),
      requestsTotal: int(sql`rq.total`),
      requestsLast: int(sql`rq.last`),
      requestsPrevious: int(sql`rq.previous`),
      requestsSentLast: int(sql`rq.sent_last`),
      requestsSentPrevious: int(sql`rq.sent_previous`),
      requestsOutboxLast: int(sql`rq.outbox_last`),
      requestsOutboxPrevious: int(sql`rq.outbox_previous`),
    })
    .from(
      sql`(${requestFiguresQuery(db, ownerId, null, days)}) rq
          cross join (${recentResponses}) r
          left join (${rolledBuckets} union all ${edgeBuckets}) q on true`,
    );
}

export function createDashboardRepository(db: Database) {
  const chartStatements = prepareChartStatements(db);
  // One prepared statement per period: each has its windows written in (daysAgo).
  const figureStatements = new Map(
    DASHBOARD_PERIODS.map((days) => [days, figuresQuery(db, days).prepare(`dashboard_figures_${days}`)]),
  );
  return {
    /**
     * Every figure of a whole client from the rollups (issue 13), in one statement: the all-time sums from
     * review_totals, the whole days inside the two windows from review_daily_stats and the answers' from
     * review_response_daily_stats (2 × `days` rows at most each), the other hours of the two days a window
     * boundary cuts (`days` and twice `days` ago, at this instant) from the hourly rollups (48 rows at most
     * each), and the two boundary hours from the reviews themselves, over the (owner, created_at) and
     * (owner, responded_at) indexes: a client's busiest hour, not its busiest day, bounds what a view reads of
     * its reviews. Today is a whole day of the last window (no review can be
     * newer than "more recent than `days` days ago"): its rollup holds it, however many reviews and answers it
     * brings. Its review figures are exactly liveReviewFigures, its request figures requestFigures.
     */
    async figures(
      ownerId: number,
      days: DashboardPeriod = DASHBOARD_WINDOW_DAYS,
    ): Promise<{ reviews: ReviewFigures; requests: RequestFigures }> {
      const rows = await figureStatements.get(days)!.execute({ ownerId });
      const empty = (): ReviewWindowSums => ({
        total: 0,
        positive: 0,
        pending: 0,
        responded: 0,
        rated: 0,
        ratingSum: 0,
      });
      const figures = { all: empty(), last: empty(), previous: empty() };
      // The edge days are in the all-time totals already; they only complete the windows.
      for (const row of rows) {
        if (row.bucket === null) continue;
        const into = figures[row.bucket];
        into.total += row.total;
        into.positive += row.positive;
        into.pending += row.pending;
        into.responded += row.responded;
        into.rated += row.rated;
        into.ratingSum += row.ratingSum;
      }
      const first = rows[0]!;
      return {
        reviews: {
          ...figures,
          recentResponses: first.responses,
          recentResponseDays: first.responseDays,
          previousResponses: first.previousResponses,
          previousResponseDays: first.previousResponseDays,
        },
        requests: {
          total: first.requestsTotal,
          last: first.requestsLast,
          previous: first.requestsPrevious,
          sentLast: first.requestsSentLast,
          sentPrevious: first.requestsSentPrevious,
          outboxLast: first.requestsOutboxLast,
          outboxPrevious: first.requestsOutboxPrevious,
        },
      };
    },

    /**
     * The same figures in one scan of every review of the client: what the rollups must always equal. With
     * locations, only theirs (reviews_owner_location_idx): the rollups are per client, not per location.
     */
    async liveReviewFigures(
      scope: Scope,
      days: DashboardPeriod = DASHBOARD_WINDOW_DAYS,
    ): Promise<ReviewFigures> {
      const all = windowSums(null);
      const last = windowSums(lastWindow(reviews.createdAt, days));
      const previous = windowSums(previousWindow(reviews.createdAt, days));
      const recentlyAnswered = sql`${timedReply} and ${lastWindow(reviews.respondedAt, days)}`;
      const previouslyAnswered = sql`${timedReply} and ${previousWindow(reviews.respondedAt, days)}`;
      const responseDays = sql`extract(epoch from (${reviews.respondedAt} - ${reviews.createdAt})) / 86400.0`;
      const [row] = await db
        .select({
          allTotal: all.total,
          allPositive: all.positive,
          allPending: all.pending,
          allResponded: all.responded,
          allRated: all.rated,
          allRatingSum: all.ratingSum,
          lastTotal: last.total,
          lastPositive: last.positive,
          lastPending: last.pending,
          lastResponded: last.responded,
          lastRated: last.rated,
          lastRatingSum: last.ratingSum,
          previousTotal: previous.total,
          previousPositive: previous.positive,
          previousPending: previous.pending,
          previousResponded: previous.responded,
          previousRated: previous.rated,
          previousRatingSum: previous.ratingSum,
          recentResponses: int(sql`count(*) filter (where ${recentlyAnswered})::int`),
          recentResponseDays:
            sql<number>`coalesce(sum(${responseDays}) filter (where ${recentlyAnswered}), 0)::float8`.mapWith(
              Number,
            ),
          previousResponses: int(sql`count(*) filter (where ${previouslyAnswered})::int`),
          previousResponseDays:
            sql<number>`coalesce(sum(${responseDays}) filter (where ${previouslyAnswered}), 0)::float8`.mapWith(
              Number,
            ),
        })
        .from(reviews)
        .where(reviewsIn(scope));
      const r = row!;
      return {
        all: {
          total: r.allTotal,
          positive: r.allPositive,
          pending: r.allPending,
          responded: r.allResponded,
          rated: r.allRated,
          ratingSum: r.allRatingSum,
        },
        last: {
          total: r.lastTotal,
          positive: r.lastPositive,
          pending: r.lastPending,
          responded: r.lastResponded,
          rated: r.lastRated,
          ratingSum: r.lastRatingSum,
        },
        previous: {
          total: r.previousTotal,
          positive: r.previousPositive,
          pending: r.previousPending,
          responded: r.previousResponded,
          rated: r.previousRated,
          ratingSum: r.previousRatingSum,
        },
        recentResponses: r.recentResponses,
        recentResponseDays: r.recentResponseDays,
        previousResponses: r.previousResponses,
        previousResponseDays: r.previousResponseDays,
      };
    },

    /** Review request counts in one scan of the client's requests (with locations, of theirs only). */
    async requestFigures(
      scope: Scope,
      days: DashboardPeriod = DASHBOARD_WINDOW_DAYS,
    ): Promise<RequestFigures> {
      const [row] = await requestFiguresQuery(db, scope.ownerId, scope.locationIds, days);
      return row!;
    },

    /**
     * Reviews per week (weeks start on Monday, UTC) over the last 13 weeks, the current one included;
     * generate_series makes the empty weeks appear.
     */
    async weekly(ownerId: number): Promise<WeekRow[]> {
      return toWeekRows(await chartStatements.weekly.execute({ ownerId }));
    },

    /** The same weeks from these locations' reviews of the 13 weeks (reviews_owner_location_idx). */
    async liveWeekly(scope: Scope): Promise<WeekRow[]> {
      return toWeekRows(
        await weeksQuery(
          db,
          sql`select date_trunc('week', ${reviews.createdAt} at time zone 'UTC') as week,
                     count(*)::int as reviews,
                     round(avg(${reviews.rating}) filter (where ${reviewHasStars}), 1)::float8 as average_rating
              from ${reviews}
              where ${reviewsIn(scope)}
                and ${reviews.createdAt} >= (${firstWeek}) at time zone 'UTC'
              group by 1`,
        ),
      );
    },

    /** The hourly figures of the hours past review_hourly_horizon at `now` go (server/db/sql/review-figures.sql). */
    async pruneHourlyFigures(now: Date): Promise<void> {
      await db.execute(sql`select review_hourly_stats_prune(${now.toISOString()}::timestamptz)`);
    },

    /** How many reviews of each rating, 1 to 5 (the check constraint keeps ratings in that range). */
    async distribution(ownerId: number): Promise<number[]> {
      const [row] = await chartStatements.distribution.execute({ ownerId });
      return (row?.counts ?? [0, 0, 0, 0, 0]).map(Number);
    },

    /** The same counts over these locations' reviews (reviews_owner_location_idx). */
    async liveDistribution(scope: Scope): Promise<number[]> {
      const [row] = await db
        .select({
          counts: reviewRatingCounts(),
        })
        .from(reviews)
        .where(reviewsIn(scope));
      return (row?.counts ?? [0, 0, 0, 0, 0]).map(Number);
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
