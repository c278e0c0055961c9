import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateApiKeyInput, CreatedApiKey } from '@shared/schemas/api-access';

import { apiRequest } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';

import { apiKeysKey } from './get-api-keys';

export function createApiKey(apiBase: string, input: CreateApiKeyInput): Promise<CreatedApiKey> {
  return apiRequest<CreatedApiKey>('POST', `${apiBase}/api-keys`, input);
}

export function useCreateApiKey() {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) => createApiKey(apiBase, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey(apiBase) }),
  });
}
