import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWebhookEndpointInput, CreatedWebhookEndpoint } from '@shared/schemas/api-access';

import { apiRequest } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';

import { webhooksKey } from './get-webhooks';

export function createWebhook(
  apiBase: string,
  input: CreateWebhookEndpointInput,
): Promise<CreatedWebhookEndpoint> {
  return apiRequest<CreatedWebhookEndpoint>('POST', `${apiBase}/webhooks`, input);
}

export function useCreateWebhook() {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateWebhookEndpointInput) => createWebhook(apiBase, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(apiBase) }),
  });
}
