import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RequestSettings } from '@shared/schemas/request-settings';

import { apiRequest, getJson } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';

export const requestSettingsKey = (apiBase: string) => [`${apiBase}/request-settings`] as const;

export function requestSettingsQueryOptions(apiBase: string) {
  return queryOptions({
    queryKey: requestSettingsKey(apiBase),
    queryFn: ({ signal }) => getJson<RequestSettings>(`${apiBase}/request-settings`, { signal }),
  });
}

export function useRequestSettings() {
  const { apiBase } = useTenant();
  return useQuery(requestSettingsQueryOptions(apiBase));
}

export function useSaveRequestSettings() {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: RequestSettings) =>
      apiRequest<RequestSettings>('PUT', `${apiBase}/request-settings`, values),
    onSuccess: (saved) => queryClient.setQueryData(requestSettingsKey(apiBase), saved),
  });
}
