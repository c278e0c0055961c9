import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookEndpoint } from '@shared/schemas/api-access';

import { getJson } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';

export const webhooksKey = (apiBase: string) => [`${apiBase}/webhooks`] as const;

export function webhooksQueryOptions(apiBase: string) {
  return queryOptions({
    queryKey: webhooksKey(apiBase),
    queryFn: ({ signal }) => getJson<WebhookEndpoint[]>(`${apiBase}/webhooks`, { signal }),
  });
}

export function useWebhooks() {
  const { apiBase } = useTenant();
  return useQuery(webhooksQueryOptions(apiBase));
}
