import { queryOptions, useQuery } from '@tanstack/react-query';

import { getJson } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';

/** The fields the Plan tab reads; the billing API may answer more. */
export interface SubscriptionSummary {
  status?: string | null;
  currentPeriodEnd?: string | null;
  plan?: { name?: string; priceCents?: number; currency?: string } | null;
  planName?: string | null;
}

export function subscriptionQueryOptions(apiBase: string) {
  return queryOptions({
    queryKey: [`${apiBase}/subscription`] as const,
    queryFn: ({ signal }) => getJson<SubscriptionSummary | null>(`${apiBase}/subscription`, { signal }),
  });
}

export function useSubscription() {
  const { apiBase } = useTenant();
  return useQuery(subscriptionQueryOptions(apiBase));
}
