import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';

import { locationsKey } from './get-locations';

export type IntegrationProvider = 'google' | 'facebook';

/** DELETE /api/integrations/{provider}?locationId= (PRODUCT.md section 5). */
export function disconnectIntegration(apiBase: string, provider: IntegrationProvider, locationId: number) {
  return apiRequest<unknown>('DELETE', `${apiBase}/integrations/${provider}?locationId=${locationId}`);
}

/** Where the browser goes to start the provider's OAuth flow for one location. */
export function connectUrl(apiBase: string, provider: IntegrationProvider, locationId: number): string {
  return `${apiBase}/integrations/${provider}/connect?locationId=${locationId}`;
}

export function useDisconnectIntegration() {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ provider, locationId }: { provider: IntegrationProvider; locationId: number }) =>
      disconnectIntegration(apiBase, provider, locationId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: locationsKey(apiBase) }),
        queryClient.invalidateQueries({ queryKey: [`${apiBase}/integrations`] }),
      ]),
  });
}
