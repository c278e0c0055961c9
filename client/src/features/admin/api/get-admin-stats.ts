import { queryOptions, useQuery } from '@tanstack/react-query';

import { getJson } from '@/lib/api-client';
import type { AdminStats } from '@shared/admin';

export const adminStatsQueryKey = ['/api/admin/stats'] as const;

export const adminStatsQueryOptions = queryOptions({
  queryKey: adminStatsQueryKey,
  queryFn: () => getJson<AdminStats>('/api/admin/stats'),
  staleTime: 30_000,
});

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions);
}
