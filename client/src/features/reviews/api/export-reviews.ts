import { queryKeyToUrl } from '@/lib/query-client';

import type { ReviewsParams } from './get-reviews';

/** The CSV download of the filtered list (the same filters, search, location and dates) (PRODUCT.md section 8): a plain link, the browser saves it. */
export function reviewsExportUrl(
  apiBase: string,
  { filter, q, locationId, from, to }: Omit<ReviewsParams, 'page'>,
): string {
  return queryKeyToUrl([
    `${apiBase}/reviews/export.csv`,
    { filter, q: q || undefined, locationId, from, to },
  ]);
}
