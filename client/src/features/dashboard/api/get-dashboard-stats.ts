import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DASHBOARD_WINDOW_DAYS, type DashboardPeriod, type DashboardStats } from '@shared/schemas/dashboard';

import { getJson } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';

/**
 * GET /api/dashboard/stats (seed-spec section 7), ?period=7 or 90 for another period than the seed's 30 days.
 * The key starts with the path, so a reply's refetch of /api/dashboard/stats finds every period.
 */
export const dashboardStatsQueryKey = (apiBase: string, period: DashboardPeriod) =>
  [`${apiBase}/dashboard/stats`, { period }] as const;

export function getDashboardStats(apiBase: string, period: DashboardPeriod): Promise<DashboardStats> {
  const query = period === DASHBOARD_WINDOW_DAYS ? '' : `?period=${period}`;
  return getJson<DashboardStats>(`${apiBase}/dashboard/stats${query}`);
}

export function dashboardStatsQueryOptions(apiBase: string, period: DashboardPeriod) {
  return queryOptions({
    queryKey: dashboardStatsQueryKey(apiBase, period),
    queryFn: () => getDashboardStats(apiBase, period),
  });
}

/** The stats of a period; while another period loads, the last one stays on screen (no skeleton flash). */
export function useDashboardStats(period: DashboardPeriod) {
  const { apiBase } = useTenant();
  return useQuery({ ...dashboardStatsQueryOptions(apiBase, period), placeholderData: keepPreviousData });
}
