import { useQuery } from '@tanstack/react-query';

import { getJson } from '@/lib/api-client';
import type { PlanTerms } from '@shared/plans';

/** GET /api/plan-terms (public): this deployment's free plan, email cap and grace period. */
export function usePlanTerms() {
  return useQuery({
    queryKey: ['/api/plan-terms'],
    queryFn: ({ signal }) => getJson<PlanTerms>('/api/plan-terms', { signal }),
    staleTime: 5 * 60_000,
  });
}
