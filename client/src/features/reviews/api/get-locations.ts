import { queryOptions, useQuery } from '@tanstack/react-query';

import { getJson } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';

/** What the Google banner needs of a location (seed-spec section 3); the token is only a marker. */
export interface LocationSummary {
  id: number;
  name: string;
  googleAccessToken: string | null;
  googleLocationId: string | null;
}

export function locationsQueryOptions(apiBase: string) {
  const url = `${apiBase}/locations`;
  return queryOptions({
    queryKey: [url],
    queryFn: ({ signal }) => getJson<LocationSummary[]>(url, { signal }),
  });
}

export function useLocations() {
  const { apiBase } = useTenant();
  return useQuery(locationsQueryOptions(apiBase));
}

/** Connected when any location has both a Google access token and a location id (seed-spec section 4). */
export function isGoogleConnected(locations: readonly LocationSummary[] | undefined): boolean {
  return (locations ?? []).some((l) => Boolean(l.googleAccessToken) && Boolean(l.googleLocationId));
}
