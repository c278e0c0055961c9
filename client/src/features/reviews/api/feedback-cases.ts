import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedbackCase, FeedbackCaseList, FeedbackCaseStatus } from '@shared/feedback-cases';

import { apiRequest, getJson } from '@/lib/api-client';
import { invalidate } from '@/lib/invalidate';
import { useTenant } from '@/lib/tenant';

/** A queued message the worker is about to send (not one held for quiet hours): worth asking again soon. */
const sendingNow = (feedbackCase: FeedbackCase | null | undefined) =>
  Boolean(feedbackCase?.messages.some((m) => m.delivery?.status === 'queued' && !m.delivery.sendAt));

/** How often the case is read again while a message of it is being sent. */
export const SENDING_REFRESH_MS = 2000;

/** The review's feedback case (issue 47, item 3), or null: only private feedback can have one. */
export function useReviewFeedbackCase(reviewId: number | null, enabled = true) {
  const { apiBase } = useTenant();
  const url = `${apiBase}/reviews/${reviewId}/feedback-case`;
  return useQuery({
    queryKey: [url],
    queryFn: ({ signal }) => getJson<{ case: FeedbackCase | null }>(url, { signal }),
    enabled: enabled && reviewId !== null,
    select: (data) => data.case,
    // Until the worker has sent a new message, its status says "Sending…": ask again until it says what happened.
    refetchInterval: (query) => (sendingNow(query.state.data?.case) ? SENDING_REFRESH_MS : false),
  });
}

/** The cases of one status, latest activity first, a page at a time. */
export function useFeedbackCases(status: FeedbackCaseStatus) {
  const { apiBase } = useTenant();
  const url = `${apiBase}/feedback-cases`;
  return useInfiniteQuery({
    queryKey: [url, { status }],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ status });
      if (pageParam) query.set('cursor', pageParam);
      return getJson<FeedbackCaseList>(`${url}?${query}`, { signal });
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

type CaseAction = { kind: 'message'; body: string } | { kind: 'resolve' } | { kind: 'reopen' };

/**
 * Sends a message to the customer, resolves or reopens a case; the case, the list and the reviews refetch. A
 * refusal (409: the customer resolved it meanwhile, or can no longer be reached) reads the case again, so the
 * dialog shows why instead of the case as it was.
 */
export function useFeedbackCaseAction(caseId: number, reviewId: number) {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  const caseKey = [`${apiBase}/reviews/${reviewId}/feedback-case`];
  return useMutation({
    mutationFn: (action: CaseAction) =>
      action.kind === 'message'
        ? apiRequest<FeedbackCase>('POST', `${apiBase}/feedback-cases/${caseId}/messages`, {
            body: action.body,
          })
        : apiRequest<FeedbackCase>('POST', `${apiBase}/feedback-cases/${caseId}/${action.kind}`),
    onSuccess: (updated) => {
      queryClient.setQueryData(caseKey, { case: updated });
      void invalidate(queryClient, apiBase, 'reviews');
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: caseKey }),
  });
}
