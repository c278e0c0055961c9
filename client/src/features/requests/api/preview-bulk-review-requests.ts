import { useMutation } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';
import type { BulkReviewRequestPreview } from '@shared/review-requests';
import type { BulkReviewRequestInput } from '@shared/schemas/review-requests';

/** What a bulk send would do (count, who is skipped and why, the first message); nothing is sent. */
export function previewBulkReviewRequests(apiBase: string, input: BulkReviewRequestInput) {
  return apiRequest<BulkReviewRequestPreview>('POST', `${apiBase}/review-requests/bulk/preview`, input);
}

export function usePreviewBulkReviewRequests() {
  const { apiBase } = useTenant();
  return useMutation({
    mutationFn: (input: BulkReviewRequestInput) => previewBulkReviewRequests(apiBase, input),
  });
}
