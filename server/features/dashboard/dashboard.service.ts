import {
  formatChange,
  formatTrend,
  MIN_TREND_BASE,
  type DashboardCharts,
  type DashboardStats,
} from '@shared/schemas/dashboard';
import type { Scope } from '../../db/scope';
import type { AppContext } from '../../lib/context';
import {
  createDashboardRepository,
  type DashboardRepository,
  type ReviewWindowSums,
} from './dashboard.repository';

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** Mean star rating of a window, unrounded, over its reviews with stars; 0 with none. */
const meanRating = (sums: ReviewWindowSums) => (sums.rated ? sums.ratingSum / sums.rated : 0);
/** Percent of a window's reviews responded, unrounded; 0 with no review. */
const responseRatio = (sums: ReviewWindowSums) => (sums.total ? (sums.responded / sums.total) * 100 : 0);

/**
 * A rate's trend (average rating, response rate). A window with no review has no rate: with none in the
 * last 30 days nothing changed ('0%'), not a fall to zero; with fewer than MIN_TREND_BASE reviews before,
 * the earlier rate is no base to compare with, so the rate is 'new'.
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

/** A location-limited member's figures, counted from their locations' reviews and requests. */
async function liveFigures(repository: DashboardRepository, scope: Scope) {
  const [reviews, requests] = await Promise.all([
    repository.liveReviewFigures(scope),
    repository.requestFigures(scope),
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
    async stats(scope: Scope): Promise<DashboardStats> {
      const { reviews, requests } = scope.locationIds
        ? await liveFigures(repository, scope)
        : await repository.figures(scope.ownerId);
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
        },
        recent: {
          reviews: last.total,
          averageRating: oneDecimal(meanRating(last)),
          avgResponseTimeDays: reviews.recentResponses
            ? oneDecimal(reviews.recentResponseDays / reviews.recentResponses)
            : null,
          requestsSent: requests.sentLast,
          requestsNotSent: requests.outboxLast,
        },
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
