import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKey } from '@shared/schemas/api-access';

import { apiRequest } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';

import { apiKeysKey } from './get-api-keys';

export function revokeApiKey(apiBase: string, id: number): Promise<ApiKey> {
  return apiRequest<ApiKey>('POST', `${apiBase}/api-keys/${id}/revoke`);
}

export function useRevokeApiKey() {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => revokeApiKey(apiBase, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey(apiBase) }),
  });
}
