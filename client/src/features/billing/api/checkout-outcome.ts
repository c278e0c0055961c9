import { useMutation, useQuery } from '@tanstack/react-query';

import { apiRequest, getJson } from '@/lib/api-client';
import type { CheckoutOutcome } from '@shared/plans';

/** How often /subscribe asks again while Stripe's confirmation has not arrived. */
export const PENDING_POLL_MS = 2000;

/**
 * GET /api/checkout/sessions/{id}: the outcome from the server's record (only Stripe's signed webhook
 * completes it), asked again every 2 s while pending.
 */
export function useCheckoutOutcome(sessionId: string | undefined) {
  return useQuery({
    queryKey: ['/api/checkout/sessions', sessionId],
    queryFn: ({ signal }) =>
      getJson<CheckoutOutcome>(`/api/checkout/sessions/${encodeURIComponent(sessionId!)}`, { signal }),
    enabled: Boolean(sessionId),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PENDING_POLL_MS : false),
  });
}

/** POST /api/checkout/cancel: the client came back through Stripe's cancel link. */
export function useCancelCheckout() {
  return useMutation({
    mutationFn: () => apiRequest<{ cancelled: number }>('POST', '/api/checkout/cancel'),
  });
}
