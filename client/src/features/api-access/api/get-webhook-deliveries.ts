import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookDelivery } from '@shared/schemas/api-access';

import { getJson } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';

export const webhookDeliveriesKey = (apiBase: string, id: number) =>
  [`${apiBase}/webhooks/${id}/deliveries`] as const;

export function webhookDeliveriesQueryOptions(apiBase: string, id: number) {
  return queryOptions({
    queryKey: webhookDeliveriesKey(apiBase, id),
    queryFn: ({ signal }) => getJson<WebhookDelivery[]>(`${apiBase}/webhooks/${id}/deliveries`, { signal }),
    // Deliveries go out in the background: the log follows them while a delivery is still pending.
    refetchInterval: (query) =>
      query.state.data?.some((delivery) => delivery.status === 'pending') ? 5000 : false,
  });
}

export function useWebhookDeliveries(id: number) {
  const { apiBase } = useTenant();
  return useQuery(webhookDeliveriesQueryOptions(apiBase, id));
}
