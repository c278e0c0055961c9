import {
  formatChange,
  formatTrend,
  MIN_TREND_BASE,
  type DashboardCharts,
  type DashboardPeriod,
  type DashboardStats,
  type DashboardWindow,
} from '@shared/schemas/dashboard';
import type { Scope } from '../../db/scope';
import type { AppContext } from '../../lib/context';
import {
  createDashboardRepository,
  type DashboardRepository,
  type RequestFigures,
  type ReviewFigures,
  type ReviewWindowSums,
} from './dashboard.repository';

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** Mean star rating of a window, unrounded, over its reviews with stars; 0 with none. */
const meanRating = (sums: ReviewWindowSums) => (sums.rated ? sums.ratingSum / sums.rated : 0);
/** Percent of a window's reviews responded, unrounded; 0 with no review. */
const responseRatio = (sums: ReviewWindowSums) => (sums.total ? (sums.responded / sums.total) * 100 : 0);

/**
 * A rate's trend (average rating, response rate). A window with no review has no rate: with none in the
 * period nothing changed ('0%'), not a fall to zero; with fewer than MIN_TREND_BASE reviews before, the
 * earlier rate is no base to compare with, so the rate is 'new'.
 */
function rateTrend(
  previous: ReviewWindowSums,
  last: ReviewWindowSums,
  rate: (s: ReviewWindowSums) => number,
) {
  if (last.total === 0) return '0%';
  if (previous.total < MIN_TREND_BASE) return 'new';
  return formatChange(rate(previous), rate(last));
}

/** Mean review-to-response days of a window's replies, unrounded; null with none. */
const meanResponseDays = (responses: number, days: number) => (responses ? days / responses : null);

/**
 * The response time's trend: with no reply in the period nothing changed; with fewer than MIN_TREND_BASE
 * replies before, their mean is no base, so 'new'. A fall is good news (the card says so, not the sign).
 */
function responseTimeTrend(reviews: ReviewFigures) {
  const last = meanResponseDays(reviews.recentResponses, reviews.recentResponseDays);
  const before = meanResponseDays(reviews.previousResponses, reviews.previousResponseDays);
  if (last === null) return '0%';
  if (before === null || reviews.previousResponses < MIN_TREND_BASE) return 'new';
  return formatChange(before, last);
}

/** One window's figures as the statistics row shows them. */
function windowFigures(
  sums: ReviewWindowSums,
  responses: { count: number; days: number },
  requests: { sent: number; notSent: number },
): DashboardWindow {
  const responseDays = meanResponseDays(responses.count, responses.days);
  return {
    reviews: sums.total,
    positiveReviews: sums.positive,
    pendingResponses: sums.pending,
    averageRating: oneDecimal(meanRating(sums)),
    responseRate: Math.round(responseRatio(sums)),
    avgResponseTimeDays: responseDays === null ? null : oneDecimal(responseDays),
    requestsSent: requests.sent,
    requestsNotSent: requests.notSent,
  };
}

/** A location-limited member's figures, counted from their locations' reviews and requests. */
async function liveFigures(
  repository: DashboardRepository,
  scope: Scope,
  days: DashboardPeriod,
): Promise<{ reviews: ReviewFigures; requests: RequestFigures }> {
  const [reviews, requests] = await Promise.all([
    repository.liveReviewFigures(scope, days),
    repository.requestFigures(scope, days),
  ]);
  return { reviews, requests };
}

/** The dashboard's real figures (PRODUCT.md section 8). */
export function createDashboardService(repository: DashboardRepository) {
  return {
    /**
     * A location-limited member's scope limits the figures to their locations (issue 16). The daily rollups
     * are per client, so their figures are counted from their locations' reviews instead.
     */
    async stats(scope: Scope, period: DashboardPeriod): Promise<DashboardStats> {
      const { reviews, requests } = scope.locationIds
        ? await liveFigures(repository, scope, period)
        : await repository.figures(scope.ownerId, period);
      const { all, last, previous } = reviews;
      return {
        totalReviews: all.total,
        positiveReviews: all.positive,
        reviewRequests: requests.total,
        pendingResponses: all.pending,
        averageRating: oneDecimal(meanRating(all)),
        responseRate: Math.round(responseRatio(all)),
        trends: {
          totalReviews: formatTrend(previous.total, last.total),
          positiveReviews: formatTrend(previous.positive, last.positive),
          reviewRequests: formatTrend(requests.previous, requests.last),
          pendingResponses: formatTrend(previous.pending, last.pending),
          averageRating: rateTrend(previous, last, meanRating),
          responseRate: rateTrend(previous, last, responseRatio),
          requestsSent: formatTrend(requests.sentPrevious, requests.sentLast),
          avgResponseTime: responseTimeTrend(reviews),
        },
        period,
        recent: windowFigures(
          last,
          { count: reviews.recentResponses, days: reviews.recentResponseDays },
          { sent: requests.sentLast, notSent: requests.outboxLast },
        ),
        previous: windowFigures(
          previous,
          { count: reviews.previousResponses, days: reviews.previousResponseDays },
          { sent: requests.sentPrevious, notSent: requests.outboxPrevious },
        ),
      };
    },

    async charts(scope: Scope): Promise<DashboardCharts> {
      const limited = scope.locationIds !== null;
      const [weekly, counts] = await Promise.all([
        limited ? repository.liveWeekly(scope) : repository.weekly(scope.ownerId),
        limited ? repository.liveDistribution(scope) : repository.distribution(scope.ownerId),
      ]);
      return {
        weekly,
        distribution: counts.map((count, index) => ({ rating: index + 1, count })),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;

/** The service over the app's database, as its routes use it (routes never build a repository). */
export function dashboardServiceFor(ctx: Pick<AppContext, 'db' | 'env'>) {
  return createDashboardService(createDashboardRepository(ctx.db));
}
