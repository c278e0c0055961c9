import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '@shared/reviews';

import { getJson } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';

/**
 * GET /api/reviews with no page size (seed-spec section 2: the Recent Reviews list shows all reviews);
 * the API answers at most the newest 1,000 (PRODUCT.md section 5). Same key as the spec's refetch.
 */
export const recentReviewsQueryKey = (apiBase: string) => [`${apiBase}/reviews`] as const;

export function getRecentReviews(apiBase: string): Promise<Review[]> {
  return getJson<Review[]>(`${apiBase}/reviews`);
}

export function recentReviewsQueryOptions(apiBase: string) {
  return queryOptions({
    queryKey: recentReviewsQueryKey(apiBase),
    queryFn: () => getRecentReviews(apiBase),
  });
}

export function useRecentReviews() {
  const { apiBase } = useTenant();
  return useQuery(recentReviewsQueryOptions(apiBase));
}
