import type { SubmitPublicReviewInput, SubmitPublicReviewResult } from '@shared/schemas/public-review';

import { publicReviewUrl } from './get-public-review';
import { requestJson } from './public-review-errors';

/** POST /api/public/review/:link: stores the review; answers the review sites to offer. */
export function submitPublicReview(
  link: string,
  input: SubmitPublicReviewInput,
): Promise<SubmitPublicReviewResult> {
  return requestJson<SubmitPublicReviewResult>(publicReviewUrl(link), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
}
