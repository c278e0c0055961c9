import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DisconnectResult, Provider } from '@shared/integrations';

import { apiRequest } from '@/lib/api-client';
import { invalidate } from '@/lib/invalidate';
import { useTenant } from '@/lib/tenant';

/** DELETE /api/integrations/{provider}?locationId= (PRODUCT.md section 5): removes the stored token. */
export function disconnectIntegration(apiBase: string, provider: Provider, locationId: number) {
  return apiRequest<DisconnectResult>(
    'DELETE',
    `${apiBase}/integrations/${provider}?locationId=${locationId}`,
  );
}

export function useDisconnectIntegration() {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ provider, locationId }: { provider: Provider; locationId: number }) =>
      disconnectIntegration(apiBase, provider, locationId),
    onSuccess: () => invalidate(queryClient, apiBase, 'integrations'),
  });
}
