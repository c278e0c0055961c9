import { queryOptions, useQuery } from '@tanstack/react-query';

import { getJson } from '@/lib/api-client';
import type { PlanOffer } from '@shared/plans';

/** GET /api/plans: the active plans on offer (archived ones are hidden). */
export const plansQueryOptions = queryOptions({
  queryKey: ['/api/plans'],
  queryFn: ({ signal }) => getJson<PlanOffer[]>('/api/plans', { signal }),
});

export function usePlans() {
  return useQuery(plansQueryOptions);
}
