import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookDelivery } from '@shared/schemas/api-access';

import { apiRequest } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';

import { webhookDeliveriesKey } from './get-webhook-deliveries';

export function sendTestWebhook(apiBase: string, id: number): Promise<WebhookDelivery> {
  return apiRequest<WebhookDelivery>('POST', `${apiBase}/webhooks/${id}/test`);
}

export function useSendTestWebhook() {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => sendTestWebhook(apiBase, id),
    onSuccess: (_delivery, id) =>
      queryClient.invalidateQueries({ queryKey: webhookDeliveriesKey(apiBase, id) }),
  });
}
