import { useMutation } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';

/** POST /api/billing/portal: Stripe's customer portal (change card, switch or cancel), back to the Plan tab. */
export function openBillingPortal(): Promise<{ url: string }> {
  return apiRequest<{ url: string }>('POST', '/api/billing/portal');
}

export function useOpenBillingPortal() {
  return useMutation({
    mutationFn: openBillingPortal,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
