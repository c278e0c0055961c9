import { z } from 'zod';

/**
 * The dashboard's figures (seed-spec section 3 "Dashboard stats", PRODUCT.md section 8): real numbers
 * computed in SQL over the client's own rows, never the seed app's placeholders (4.2, 85%, fixed trends).
 */

/** The periods an owner can look at (days): the last week, month or quarter, each against the one before. */
export const DASHBOARD_PERIODS = [7, 30, 90] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
/** The seed's window ("cards cover the last 30 days"): the period when none is asked for. */
export const DASHBOARD_WINDOW_DAYS = 30 satisfies DashboardPeriod;

export const isDashboardPeriod = (value: number): value is DashboardPeriod =>
  (DASHBOARD_PERIODS as readonly number[]).includes(value);

/** GET /api/dashboard/stats?period=7|30|90; no period is the seed's 30 days. */
const PERIOD_MESSAGE = 'Period must be 7, 30 or 90 days.';
export const DashboardStatsQuerySchema = z.object({
  period: z.coerce
    .number({ error: PERIOD_MESSAGE })
    .refine(isDashboardPeriod, { message: PERIOD_MESSAGE })
    .transform((days) => days as DashboardPeriod)
    .default(DASHBOARD_WINDOW_DAYS),
});
/** Weeks shown by the reviews-per-week chart (about the last 90 days). */
export const DASHBOARD_CHART_WEEKS = 13;

/** Below this many in the earlier window, a rise is 'new': '+1000 %' over a base of 1 tells nothing. */
export const MIN_TREND_BASE = 5;

/** A change as text: '+12%', '-5.4%', '0%' (one decimal at most), or 'new' over a base under 5. */
export const TrendTextSchema = z.string().regex(/^((0|[+-]\d+(\.\d)?)%|new)$/);

export const DashboardTrendsSchema = z.object({
  totalReviews: TrendTextSchema,
  positiveReviews: TrendTextSchema,
  reviewRequests: TrendTextSchema,
  pendingResponses: TrendTextSchema,
  averageRating: TrendTextSchema,
  responseRate: TrendTextSchema,
  /** Requests whose message went out in the period against the period before. */
  requestsSent: TrendTextSchema,
  /** Mean response time of the period's replies against the period before's ('new' with under 5 before). */
  avgResponseTime: TrendTextSchema,
});
export type DashboardTrends = z.infer<typeof DashboardTrendsSchema>;

/** The figures of one window of the period's length. */
export const DashboardWindowSchema = z.object({
  reviews: z.number().int().nonnegative(),
  positiveReviews: z.number().int().nonnegative(),
  /** Reviews of the window still waiting for a response. */
  pendingResponses: z.number().int().nonnegative(),
  /** One decimal; 0 with no review in the window. */
  averageRating: z.number().min(0).max(5),
  /** Percent of the window's reviews responded, a whole number; 0 with no review in the window. */
  responseRate: z.number().int().min(0).max(100),
  /**
   * Mean time from review to response over the replies written in the window, days, one decimal; an
   * import's backlog (reviews that reached ReviewFlow over 7 days after being written, replies written on
   * the site before the import) is left out. Null with no such reply.
   */
  avgResponseTimeDays: z.number().nonnegative().nullable(),
  /** Requests whose message went out in the window (not kept in the outbox, not one-off links). */
  requestsSent: z.number().int().nonnegative(),
  /** Requests whose message was kept in the outbox in the window: not sent, no provider configured. */
  requestsNotSent: z.number().int().nonnegative(),
});
export type DashboardWindow = z.infer<typeof DashboardWindowSchema>;

export const DashboardStatsSchema = z.object({
  totalReviews: z.number().int().nonnegative(),
  /** Rating 4 or higher (seed-spec section 9). */
  positiveReviews: z.number().int().nonnegative(),
  /** Every review request of the client, whatever its status. */
  reviewRequests: z.number().int().nonnegative(),
  /** Reviews with no response (an empty response counts as none, seed-spec section 3). */
  pendingResponses: z.number().int().nonnegative(),
  /** Mean of the ratings, one decimal; 0 with no reviews. */
  averageRating: z.number().min(0).max(5),
  /** Percent of reviews responded, a whole number; 0 with no reviews. */
  responseRate: z.number().int().min(0).max(100),
  /**
   * The period against the period before (`period` days each): reviews, positive reviews, requests and
   * pending responses created in each window; the average rating and the response rate of each window's
   * reviews; requests sent and the response time of replies written in each window.
   */
  trends: DashboardTrendsSchema,
  /** The period's length in days: 30 unless the query asked for 7 or 90. */
  period: z.number().int().positive(),
  /** The statistics row: the last `period` days. */
  recent: DashboardWindowSchema,
  /** The `period` days before those, for the comparisons said in words ("was 4.1"). */
  previous: DashboardWindowSchema,
});
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;

export const WeeklyReviewsSchema = z.object({
  /** Monday of the week (UTC), 'YYYY-MM-DD'. */
  weekStart: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  reviews: z.number().int().nonnegative(),
  /** One decimal; null for a week with no review. */
  averageRating: z.number().nullable(),
});
export type WeeklyReviews = z.infer<typeof WeeklyReviewsSchema>;

export const RatingCountSchema = z.object({
  rating: z.number().int().min(1).max(5),
  count: z.number().int().nonnegative(),
});
export type RatingCount = z.infer<typeof RatingCountSchema>;

export const DashboardChartsSchema = z.object({
  /** The last 13 weeks, oldest first, empty weeks included. */
  weekly: z.array(WeeklyReviewsSchema),
  /** Ratings 1 to 5, each present. */
  distribution: z.array(RatingCountSchema),
});
export type DashboardCharts = z.infer<typeof DashboardChartsSchema>;

/**
 * A change from `before` to `after` as text (PRODUCT.md section 8: "real trends"): one decimal at most,
 * a sign when not zero. From nothing to something is '+100%'. For rates (an average, a percentage).
 */
export function formatChange(before: number, after: number): string {
  if (before === 0) return after > 0 ? '+100%' : '0%';
  const change = Math.round(((after - before) / before) * 1000) / 10;
  if (change === 0) return '0%';
  return `${change > 0 ? '+' : '-'}${Math.abs(change)}%`;
}

/**
 * A count's change (reviews, requests): a rise from fewer than MIN_TREND_BASE is 'new' rather than a
 * percentage of next to nothing; a fall stays a percentage (it cannot pass -100%).
 */
export function formatTrend(before: number, after: number): string {
  if (before < MIN_TREND_BASE && after > before) return 'new';
  return formatChange(before, after);
}

/** Whether a trend text reads as a rise, a fall, no change, or new (too little before to compare). */
export function trendDirection(trend: string): 'up' | 'down' | 'flat' | 'new' {
  if (trend === 'new') return 'new';
  if (trend.startsWith('+')) return 'up';
  if (trend.startsWith('-')) return 'down';
  return 'flat';
}
