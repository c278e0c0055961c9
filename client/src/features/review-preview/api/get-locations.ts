import { queryOptions, useQuery } from '@tanstack/react-query';

import { getJson } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';
import type { Location } from '@shared/schemas/locations';

/** GET {apiBase}/locations: the client's locations to preview. */
export const locationsQueryOptions = (apiBase: string) =>
  queryOptions({
    queryKey: [`${apiBase}/locations`],
    queryFn: () => getJson<Location[]>(`${apiBase}/locations`),
  });

export function useLocations() {
  const { apiBase } = useTenant();
  return useQuery(locationsQueryOptions(apiBase));
}
