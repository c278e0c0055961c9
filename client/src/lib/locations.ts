import { queryOptions, useQuery } from '@tanstack/react-query';

import { getJson } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';
import type { Location } from '@shared/schemas/locations';

/**
 * GET {apiBase}/locations: the one query for the client's locations. Settings, the request dialogs, the poster
 * card, the Google banner, the review preview and the dashboard's checklist all read this key with this type,
 * so one mutation's invalidation (lib/invalidate.ts) refreshes every screen.
 */
/** Connected to Google Business Profile when both exist (seed-spec section 3). */
export function isGoogleConnected(location: Pick<Location, 'googleAccessToken' | 'googleLocationId'>) {
  return Boolean(location.googleAccessToken && location.googleLocationId);
}

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
