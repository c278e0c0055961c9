import { useMutation } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import type { CheckoutStart } from '@shared/plans';

/** POST /api/checkout/{planId}: a Stripe Checkout page for that plan. */
export function startCheckout(planId: number): Promise<CheckoutStart> {
  return apiRequest<CheckoutStart>('POST', `/api/checkout/${planId}`);
}

export function useStartCheckout() {
  return useMutation({
    mutationFn: startCheckout,
    // Off to Stripe: the page is left, so the button stays busy until the browser goes.
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
