import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import { invalidate } from '@/lib/invalidate';
import { useTenant } from '@/lib/tenant';
import type { BulkReviewRequestResult } from '@shared/review-requests';
import type { BulkReviewRequestInput } from '@shared/schemas/review-requests';

export function createBulkReviewRequests(apiBase: string, input: BulkReviewRequestInput) {
  return apiRequest<BulkReviewRequestResult>('POST', `${apiBase}/review-requests/bulk`, input);
}

export function useCreateBulkReviewRequests() {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BulkReviewRequestInput) => createBulkReviewRequests(apiBase, input),
    onSuccess: () => invalidate(queryClient, apiBase, 'requests'),
  });
}
