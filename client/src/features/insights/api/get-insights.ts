import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Insights } from '@shared/schemas/insights';

import { getJson } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';

/** GET /api/insights: ratings per source and location, frequent words, the longest-waiting reviews. */
export const insightsQueryKey = (apiBase: string) => [`${apiBase}/insights`] as const;

export function getInsights(apiBase: string): Promise<Insights> {
  return getJson<Insights>(`${apiBase}/insights`);
}

export function insightsQueryOptions(apiBase: string) {
  return queryOptions({ queryKey: insightsQueryKey(apiBase), queryFn: () => getInsights(apiBase) });
}

export function useInsights() {
  const { apiBase } = useTenant();
  return useQuery(insightsQueryOptions(apiBase));
}
