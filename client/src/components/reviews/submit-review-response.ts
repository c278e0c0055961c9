import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review } from '@shared/schemas/reviews';

import { apiRequest } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';

export interface SubmitReviewResponseInput {
  review: Review | null | undefined;
  text: string;
}

/**
 * Sends a reply (seed-spec section 7): for a Google review with a source URL, the reply goes to Google
 * first; if that fails, the standard response call stores it. Submitting with no review is a programming
 * error and throws.
 */
export async function submitReviewResponse(
  apiBase: string,
  { review, text }: SubmitReviewResponseInput,
): Promise<Partial<Review> | undefined> {
  if (!review) throw new Error('Cannot submit a response: no review is selected');
  if (review.type === 'google' && review.sourceUrl) {
    try {
      return await apiRequest<Partial<Review>>('POST', `${apiBase}/integrations/google/reply/${review.id}`, {
        reply: text,
      });
    } catch {
      // Not connected, token expired, Google down: the reply is still kept here.
    }
  }
  return apiRequest<Review>('POST', `${apiBase}/reviews/${review.id}/response`, { responseContent: text });
}

/** After a reply the list and the dashboard refetch, or the caller's own refresh runs instead. */
export function useSubmitReviewResponse(onResponded?: () => unknown) {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SubmitReviewResponseInput) => submitReviewResponse(apiBase, input),
    onSuccess: async () => {
      if (onResponded) {
        await onResponded();
        return;
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [`${apiBase}/reviews`] }),
        queryClient.invalidateQueries({ queryKey: [`${apiBase}/dashboard/stats`] }),
      ]);
    },
  });
}
