import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { REVIEW_PAGE_SIZE, type Review, type ReviewFilter } from '@shared/schemas/reviews';

import { toApiError } from '@/lib/api-client';
import { queryKeyToUrl } from '@/lib/query-client';
import { useTenant } from '@/lib/tenant';

export interface ReviewsParams {
  filter: ReviewFilter;
  page: number;
  q?: string;
}

export interface ReviewsPage {
  reviews: Review[];
  /** Every review matching the filter (the X-Total-Count header), not just this page. */
  total: number;
}

export function reviewsQueryKey(apiBase: string, { filter, page, q }: ReviewsParams) {
  return [`${apiBase}/reviews`, { filter, page, pageSize: REVIEW_PAGE_SIZE, q: q || undefined }] as const;
}

/** One page of the list; the total comes from the header, so it needs the raw response. */
export async function getReviews(url: string, signal?: AbortSignal): Promise<ReviewsPage> {
  const response = await fetch(url, {
    credentials: 'include',
    headers: { Accept: 'application/json' },
    signal,
  });
  if (!response.ok) throw await toApiError(response);
  const reviews = (await response.json()) as Review[];
  const header = Number(response.headers.get('X-Total-Count'));
  return { reviews, total: Number.isFinite(header) && header >= 0 ? header : reviews.length };
}

export function reviewsQueryOptions(apiBase: string, params: ReviewsParams) {
  const queryKey = reviewsQueryKey(apiBase, params);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => getReviews(queryKeyToUrl(queryKey), signal),
    // The current page stays on screen while the next one loads: no flashing empty table.
    placeholderData: keepPreviousData,
  });
}

export function useReviews(params: ReviewsParams) {
  const { apiBase } = useTenant();
  return useQuery(reviewsQueryOptions(apiBase, params));
}
