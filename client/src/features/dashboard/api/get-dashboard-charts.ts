import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardCharts } from '@shared/schemas/dashboard';

import { getJson } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';

/** GET /api/dashboard/charts: reviews per week over 13 weeks and the rating distribution. */
export const dashboardChartsQueryKey = (apiBase: string) => [`${apiBase}/dashboard/charts`] as const;

export function getDashboardCharts(apiBase: string): Promise<DashboardCharts> {
  return getJson<DashboardCharts>(`${apiBase}/dashboard/charts`);
}

export function dashboardChartsQueryOptions(apiBase: string) {
  return queryOptions({
    queryKey: dashboardChartsQueryKey(apiBase),
    queryFn: () => getDashboardCharts(apiBase),
  });
}

export function useDashboardCharts() {
  const { apiBase } = useTenant();
  return useQuery(dashboardChartsQueryOptions(apiBase));
}
