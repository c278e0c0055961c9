import type { PublicReviewPageData } from '@shared/schemas/public-review';

import { requestJson } from './public-review-errors';

export const publicReviewUrl = (link: string) => `/api/public/review/${encodeURIComponent(link)}`;

/** GET /api/public/review/:link: the page's data (opening it marks a request opened). */
export function getPublicReview(link: string, signal?: AbortSignal): Promise<PublicReviewPageData> {
  return requestJson<PublicReviewPageData>(publicReviewUrl(link), { signal });
}
