import type { ReviewListCriteria, ReviewListWindow, ReviewsRepository } from '../reviews.repository';

/** A page's rows, read as the list reads them (`page`). */
export const rowsOfPage = async (
  repo: ReviewsRepository,
  ownerId: number,
  criteria: ReviewListCriteria,
  window: ReviewListWindow,
) => (await repo.page(ownerId, criteria, window, 10_001)).rows;

/** A count as every page but the common first reads it, on its own statement (the first page's is tested apart). */
export const totalPastFirstPage = async (
  repo: ReviewsRepository,
  ownerId: number,
  criteria: ReviewListCriteria,
  upTo: number,
) => (await repo.page(ownerId, criteria, { limit: 1, offset: 1 }, upTo)).total;
