import { normalizeReviewType } from '@shared/schemas/domain';
import type { Insights, RatingBreakdown, WaitingReview } from '@shared/schemas/insights';
import type { Scope } from '../../db/scope';
import type { AppContext } from '../../lib/context';
import { toReview } from '../reviews';
import {
  createInsightsRepository,
  type BreakdownRow,
  type InsightsRepository,
  type WaitingRow,
} from './insights.repository';

/** The star average is over the reviews with stars (the counts): a Facebook recommendation has none. */
function breakdown(row: BreakdownRow): RatingBreakdown {
  const rated = row.counts.reduce((sum, count) => sum + count, 0);
  return {
    total: row.total,
    averageRating: rated ? Math.round((row.ratingSum / rated) * 10) / 10 : 0,
    counts: row.counts,
  };
}

function toWaitingReview(row: WaitingRow): WaitingReview {
  return { ...toReview(row), daysWaiting: Math.max(0, row.daysWaiting) };
}

/** Review Insights: ratings per source and location, the words customers use, who waits for an answer. */
export function createInsightsService(repository: InsightsRepository) {
  return {
    /** A location-limited member's insights (issue 16) come from their locations only. */
    async insights(scope: Scope): Promise<Insights> {
      const [bySource, byLocation, positive, negative, waiting] = await Promise.all([
        repository.bySource(scope),
        repository.byLocation(scope),
        repository.topWords(scope, 'positive'),
        repository.topWords(scope, 'negative'),
        repository.longestWaiting(scope),
      ]);
      return {
        bySource: bySource.map((row) => ({ type: normalizeReviewType(String(row.key)), ...breakdown(row) })),
        byLocation: byLocation.map((row) => ({
          locationId: row.key === null ? null : Number(row.key),
          locationName: row.name,
          ...breakdown(row),
        })),
        words: { positive, negative },
        waiting: waiting.map(toWaitingReview),
      };
    },
  };
}

/** The service over the app's database, as its routes use it (routes never build a repository). */
export function insightsServiceFor(ctx: Pick<AppContext, 'db' | 'env'>) {
  return createInsightsService(createInsightsRepository(ctx.db));
}
