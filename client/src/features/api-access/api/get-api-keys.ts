import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiKey } from '@shared/schemas/api-access';

import { getJson } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';

export const apiKeysKey = (apiBase: string) => [`${apiBase}/api-keys`] as const;

export function apiKeysQueryOptions(apiBase: string) {
  return queryOptions({
    queryKey: apiKeysKey(apiBase),
    queryFn: ({ signal }) => getJson<ApiKey[]>(`${apiBase}/api-keys`, { signal }),
  });
}

export function useApiKeys() {
  const { apiBase } = useTenant();
  return useQuery(apiKeysQueryOptions(apiBase));
}
