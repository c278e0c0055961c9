import { queryOptions, useQuery } from '@tanstack/react-query';

import { getJson } from '@/lib/api-client';
import type { PublicReviewPageData } from '@shared/schemas/public-review';

/**
 * The customer's page data for a location's permanent link: exactly what a customer scanning its QR code
 * gets. Reading a location link changes nothing.
 */
export const locationReviewPageQueryOptions = (publicLink: string | undefined) =>
  queryOptions({
    queryKey: [`/api/public/review/${publicLink ?? ''}`],
    queryFn: () => getJson<PublicReviewPageData>(`/api/public/review/${encodeURIComponent(publicLink!)}`),
    enabled: Boolean(publicLink),
  });

export function useLocationReviewPage(publicLink: string | undefined) {
  return useQuery(locationReviewPageQueryOptions(publicLink));
}
