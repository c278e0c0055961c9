import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GoogleLocationChoice } from '@shared/integrations';
import type { LinkGoogleLocationInput } from '@shared/schemas/integrations';

import { apiRequest, getJson } from '@/lib/api-client';
import { invalidate } from '@/lib/invalidate';
import { useTenant } from '@/lib/tenant';

/** The Google account's business locations (listed with a token the client stored). */
export function useGoogleLocations(enabled: boolean) {
  const { apiBase } = useTenant();
  const url = `${apiBase}/integrations/google/locations`;
  return useQuery({
    queryKey: [url],
    queryFn: ({ signal }) => getJson<GoogleLocationChoice[]>(url, { signal }),
    enabled,
  });
}

export function useLinkGoogleLocation() {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LinkGoogleLocationInput) =>
      apiRequest('POST', `${apiBase}/integrations/google/link`, input),
    // The overview and the Google locations (both under /integrations) refetch.
    onSuccess: () => invalidate(queryClient, apiBase, 'integrations'),
  });
}
