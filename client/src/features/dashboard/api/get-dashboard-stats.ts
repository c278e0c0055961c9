import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '@shared/schemas/dashboard';

import { getJson } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';

/** GET /api/dashboard/stats (seed-spec section 7); the key is the path, so a reply's refetch finds it. */
export const dashboardStatsQueryKey = (apiBase: string) => [`${apiBase}/dashboard/stats`] as const;

export function getDashboardStats(apiBase: string): Promise<DashboardStats> {
  return getJson<DashboardStats>(`${apiBase}/dashboard/stats`);
}

export function dashboardStatsQueryOptions(apiBase: string) {
  return queryOptions({
    queryKey: dashboardStatsQueryKey(apiBase),
    queryFn: () => getDashboardStats(apiBase),
  });
}

export function useDashboardStats() {
  const { apiBase } = useTenant();
  return useQuery(dashboardStatsQueryOptions(apiBase));
}
