import { normalizeReviewType } from '@shared/schemas/domain';
import {
  REVIEW_COUNT_CAP,
  REVIEW_EXPORT_COLUMNS,
  REVIEW_NOT_FOUND,
  REVIEW_PAGE_SIZE,
  SEARCH_COUNT_CAP,
  UNPAGED_LIMIT,
  isResponded,
  type Review,
  type ReviewExportQuery,
  type ReviewListQuery,
  ROSE_AFTER_REPLY_SHOWN,
  type RoseAfterReply,
} from '@shared/schemas/reviews';
import { notFound } from '../../lib/errors';
import { csvLine } from '../../lib/csv';
import type { AppContext } from '../../lib/context';
import {
  createReviewsRepository,
  type ReviewListCriteria,
  type ReviewRow,
  type ReviewsRepository,
} from './reviews.repository';
import { decodeReviewCursor, encodeReviewCursor } from './review-cursor';
import type { Scope } from '../../db/scope';

/** Rows per round trip of the export: a large export never holds more than this in memory. */
export const EXPORT_BATCH = 1000;

export function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    type: normalizeReviewType(row.type),
    rating: row.rating,
    content: row.content,
    videoUrl: row.videoUrl,
    contactId: row.contactId,
    locationId: row.locationId,
    locationName: row.locationName,
    reviewRequestId: row.reviewRequestId,
    reviewerName: row.reviewerName,
    sourceUrl: row.sourceUrl,
    createdAt: row.createdAt.toISOString(),
    responseContent: row.responseContent,
    respondedAt: row.respondedAt ? row.respondedAt.toISOString() : null,
    responsePublishedTo: row.responsePublishedTo,
    pendingReply: row.pendingReply,
    replyPublishState: row.replyPublishState,
    replyPublishError: row.replyPublishError,
    recommendation: row.recommendation,
    ratingAtReply: row.ratingAtReply,
    removedFromSiteAt: row.removedFromSiteAt ? row.removedFromSiteAt.toISOString() : null,
  };
}

function csvRow(review: Review): string {
  const responded = isResponded(review);
  return csvLine([
    review.createdAt,
    review.reviewerName,
    review.rating,
    review.type,
    review.locationName,
    review.content,
    responded ? 'Yes' : 'No',
    review.responseContent,
    review.respondedAt,
  ]);
}

/** The list's criteria from its query; a location-limited member's scope limits them further. */
function criteriaOf(query: ReviewExportQuery, scope: Scope): ReviewListCriteria {
  return {
    filter: query.filter,
    q: query.q || undefined,
    locationIds: scope.locationIds,
    locationId: query.locationId,
    from: query.from,
    to: query.to,
  };
}

export function createReviewsService(repo: ReviewsRepository) {
  return {
    /**
     * A page of the list and the total matching the same filter, counted up to REVIEW_COUNT_CAP (a search up
     * to SEARCH_COUNT_CAP): past it `capped` says there are more. Without paging, the newest 1,000. A `cursor`
     * (the `nextCursor` of the page before) starts the page right after that page's last review, whatever
     * `page` says: a deep page then costs what page 1 costs (issue 13). A full page answers the `nextCursor` of
     * the page after it.
     */
    async list(
      scope: Scope,
      query: ReviewListQuery,
    ): Promise<{ reviews: Review[]; total: number; capped: boolean; nextCursor?: string }> {
      const criteria = criteriaOf(query, scope);
      const paged = query.page !== undefined || query.pageSize !== undefined || query.cursor !== undefined;
      const limit = paged ? (query.pageSize ?? REVIEW_PAGE_SIZE) : UNPAGED_LIMIT;
      const window =
        query.cursor !== undefined
          ? { limit, after: decodeReviewCursor(query.cursor) }
          : { limit, offset: paged ? ((query.page ?? 1) - 1) * limit : 0 };
      const countCap = criteria.q ? SEARCH_COUNT_CAP : REVIEW_COUNT_CAP;
      const { rows, total: counted } = await repo.page(scope.ownerId, criteria, window, countCap + 1);
      const last = rows.at(-1);
      return {
        reviews: rows.map(toReview),
        total: Math.min(counted, countCap),
        capped: counted > countCap,
        nextCursor:
          paged && last && rows.length === limit
            ? encodeReviewCursor({ createdAt: last.cursorAt, id: last.id })
            : undefined,
      };
    },

    /** The export's lines, header first, fetched a batch at a time by keyset. */
    async *exportCsv(scope: Scope, query: ReviewExportQuery): AsyncGenerator<string> {
      const criteria = criteriaOf(query, scope);
      yield csvLine(REVIEW_EXPORT_COLUMNS);
      for await (const rows of repo.exportBatches(scope.ownerId, criteria, EXPORT_BATCH)) {
        yield rows.map((row) => csvRow(toReview(row))).join('');
      }
    },

    /** GET /api/reviews/rose-after-reply: the dashboard's "rose after your reply". */
    async roseAfterReply(scope: Scope): Promise<RoseAfterReply> {
      const { rows, count } = await repo.roseAfterReply(scope, ROSE_AFTER_REPLY_SHOWN);
      return { count, reviews: rows.map(toReview) };
    },

    /** The review; outside a location-limited member's scope it is not found (404, like a missing one). */
    async find(scope: Scope, id: number): Promise<Review> {
      const row = await repo.findById(scope, id);
      if (!row) throw notFound(REVIEW_NOT_FOUND);
      return toReview(row);
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;

/** The service over the app's database, as its routes use it (routes never build a repository). */
export function reviewsServiceFor(ctx: Pick<AppContext, 'db' | 'env'>) {
  return createReviewsService(createReviewsRepository(ctx.db));
}
