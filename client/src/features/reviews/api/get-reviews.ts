import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { REVIEW_PAGE_SIZE, type Review, type ReviewFilter } from '@shared/reviews';

import { getJson, getPage } from '@/lib/api-client';
import { queryKeyToUrl } from '@/lib/query-client';
import { useTenant } from '@/lib/tenant';

export interface ReviewsParams {
  filter: ReviewFilter;
  page: number;
  q?: string;
  locationId?: number;
  /** A UTC day range, YYYY-MM-DD, both included. */
  from?: string;
  to?: string;
}

export interface ReviewsPage {
  reviews: Review[];
  /** Every review matching the filter (the X-Total-Count header), not just this page. */
  total: number;
  /** More match than `total` (the API's bounded count): the UI says "10,000+". */
  capped: boolean;
}

export function reviewsQueryKey(apiBase: string, { filter, page, q, locationId, from, to }: ReviewsParams) {
  return [
    `${apiBase}/reviews`,
    { filter, page, pageSize: REVIEW_PAGE_SIZE, q: q || undefined, locationId, from, to },
  ] as const;
}

/** One page of the list; the total comes from the X-Total-Count header. */
export async function getReviews(url: string, signal?: AbortSignal): Promise<ReviewsPage> {
  const { items, total, capped } = await getPage<Review>(url, { signal });
  return { reviews: items, total, capped };
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

/** One review by id (a notification or an alert email links to it); none asked, no query. */
export function useReview(id: number | null) {
  const { apiBase } = useTenant();
  const url = `${apiBase}/reviews/${id}`;
  return useQuery({
    queryKey: [url],
    queryFn: ({ signal }) => getJson<Review>(url, { signal }),
    enabled: id !== null,
  });
}
