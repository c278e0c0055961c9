import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReplyResult, Review } from '@shared/reviews';

import { apiRequest } from '@/lib/api-client';
import { invalidate } from '@/lib/invalidate';
import { useTenant } from '@/lib/tenant';

export interface SubmitReviewResponseInput {
  review: Review | null | undefined;
  text: string;
}

function requireReview(review: Review | null | undefined): Review {
  // Submitting with no review selected is a programming error (seed-spec section 8).
  if (!review) throw new Error('Cannot submit a response: no review is selected');
  return review;
}

/**
 * Sends a reply. The server makes the one decision (issue 10): a Google or Facebook review of a connected
 * location is answered on the site first, then stored; the answer says where the reply went.
 */
export function submitReviewResponse(apiBase: string, { review, text }: SubmitReviewResponseInput) {
  return apiRequest<ReplyResult>('POST', `${apiBase}/reviews/${requireReview(review).id}/response`, {
    responseContent: text,
  });
}

export function editReviewResponse(apiBase: string, { review, text }: SubmitReviewResponseInput) {
  return apiRequest<ReplyResult>('PUT', `${apiBase}/reviews/${requireReview(review).id}/response`, {
    responseContent: text,
  });
}

export function deleteReviewResponse(apiBase: string, review: Review | null | undefined) {
  return apiRequest<ReplyResult>('DELETE', `${apiBase}/reviews/${requireReview(review).id}/response`);
}

/** Tries again now a reply its site did not take yet (issue 41); the answer says whether it went. */
export function retryReviewResponse(apiBase: string, review: Review | null | undefined) {
  return apiRequest<ReplyResult>('POST', `${apiBase}/reviews/${requireReview(review).id}/response/retry`);
}

/**
 * After a reply is sent, changed or deleted, the reviews, the dashboard, the insights and the bell refetch
 * (seed-spec section 7 names the list and the stats), or the caller's own refresh runs instead.
 */
function useRefreshAfterReply(onResponded?: () => unknown) {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  // Not awaited: the refetch may replace the dialog's form with the answered review, and the caller's own
  // onSuccess (its toast, its focus) must run while the form is still there.
  return () => {
    if (onResponded) void onResponded();
    else void invalidate(queryClient, apiBase, 'reviews');
  };
}

export function useSubmitReviewResponse(onResponded?: () => unknown) {
  const { apiBase } = useTenant();
  const refresh = useRefreshAfterReply(onResponded);
  return useMutation({
    mutationFn: (input: SubmitReviewResponseInput) => submitReviewResponse(apiBase, input),
    onSuccess: refresh,
  });
}

export function useEditReviewResponse(onResponded?: () => unknown) {
  const { apiBase } = useTenant();
  const refresh = useRefreshAfterReply(onResponded);
  return useMutation({
    mutationFn: (input: SubmitReviewResponseInput) => editReviewResponse(apiBase, input),
    onSuccess: refresh,
  });
}

export function useDeleteReviewResponse(onResponded?: () => unknown) {
  const { apiBase } = useTenant();
  const refresh = useRefreshAfterReply(onResponded);
  return useMutation({
    mutationFn: (review: Review | null | undefined) => deleteReviewResponse(apiBase, review),
    onSuccess: refresh,
  });
}

export function useRetryReviewResponse(onResponded?: () => unknown) {
  const { apiBase } = useTenant();
  const refresh = useRefreshAfterReply(onResponded);
  return useMutation({
    mutationFn: (review: Review | null | undefined) => retryReviewResponse(apiBase, review),
    onSuccess: refresh,
  });
}
