import type { ReviewFilter } from '@shared/schemas/reviews';

import { queryKeyToUrl } from '@/lib/query-client';

/** The CSV download of the filtered list (PRODUCT.md section 8): a plain link, the browser saves it. */
export function reviewsExportUrl(
  apiBase: string,
  { filter, q }: { filter: ReviewFilter; q?: string },
): string {
  return queryKeyToUrl([`${apiBase}/reviews/export.csv`, { filter, q: q || undefined }]);
}
