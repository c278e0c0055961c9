import { queryOptions, useQuery } from '@tanstack/react-query';

import { getJson } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';
import type { Location } from '@shared/schemas/locations';

/** The spec's GET /api/locations; other screens (request form, Google banner) read the same key. */
export const locationsKey = (apiBase: string) => [`${apiBase}/locations`] as const;

export function locationsQueryOptions(apiBase: string) {
  return queryOptions({
    queryKey: locationsKey(apiBase),
    queryFn: ({ signal }) => getJson<Location[]>(`${apiBase}/locations`, { signal }),
  });
}

export function useLocations() {
  const { apiBase } = useTenant();
  return useQuery(locationsQueryOptions(apiBase));
}
