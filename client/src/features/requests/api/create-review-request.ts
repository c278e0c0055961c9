import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import { invalidate } from '@/lib/invalidate';
import { useTenant } from '@/lib/tenant';
import type { ReviewRequest } from '@shared/review-requests';
import type { CreateReviewRequestInput } from '@shared/schemas/review-requests';

export function createReviewRequest(
  apiBase: string,
  input: CreateReviewRequestInput,
): Promise<ReviewRequest> {
  return apiRequest<ReviewRequest>('POST', `${apiBase}/review-requests`, input);
}

/** Creates one request; the request lists and the dashboard figures refresh (seed-spec section 4). */
export function useCreateReviewRequest() {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReviewRequestInput) => createReviewRequest(apiBase, input),
    onSuccess: () => invalidate(queryClient, apiBase, 'requests'),
  });
}
