import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';

import { webhooksKey } from './get-webhooks';

export function deleteWebhook(apiBase: string, id: number): Promise<void> {
  return apiRequest<void>('DELETE', `${apiBase}/webhooks/${id}`);
}

export function useDeleteWebhook() {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteWebhook(apiBase, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(apiBase) }),
  });
}
