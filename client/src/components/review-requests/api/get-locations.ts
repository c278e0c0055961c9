import { queryOptions, useQuery } from '@tanstack/react-query';

import { getJson } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';

/** The fields of GET /api/locations the request screens use. */
export interface LocationOption {
  id: number;
  name: string;
  publicUrl?: string;
}

export function getLocationsQueryOptions(apiBase: string) {
  return queryOptions({
    queryKey: [`${apiBase}/locations`],
    queryFn: () => getJson<LocationOption[]>(`${apiBase}/locations`),
  });
}

export function useLocations() {
  const { apiBase } = useTenant();
  return useQuery(getLocationsQueryOptions(apiBase));
}
