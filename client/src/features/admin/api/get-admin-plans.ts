import { queryOptions, useQuery } from '@tanstack/react-query';

import { getJson } from '@/lib/api-client';
import type { AdminPlan } from '@shared/schemas/plans';

export const adminPlansQueryKey = ['/api/admin/plans'] as const;

export const adminPlansQueryOptions = queryOptions({
  queryKey: adminPlansQueryKey,
  queryFn: () => getJson<AdminPlan[]>('/api/admin/plans'),
});

export function useAdminPlans() {
  return useQuery(adminPlansQueryOptions);
}
