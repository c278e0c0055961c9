import { queryOptions, useQuery } from '@tanstack/react-query';

import { getJson } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';
import type { PlanOffer, SubscriptionOverview } from '@shared/plans';

export function subscriptionQueryOptions(apiBase: string) {
  return queryOptions({
    queryKey: [`${apiBase}/subscription`] as const,
    queryFn: ({ signal }) => getJson<SubscriptionOverview>(`${apiBase}/subscription`, { signal }),
  });
}

export function useSubscription() {
  const { apiBase } = useTenant();
  return useQuery(subscriptionQueryOptions(apiBase));
}

/** The plans on offer (GET /api/plans: archived ones are hidden). */
export function usePlanOffers() {
  const { apiBase } = useTenant();
  return useQuery({
    queryKey: [`${apiBase}/plans`],
    queryFn: ({ signal }) => getJson<PlanOffer[]>(`${apiBase}/plans`, { signal }),
  });
}
