import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import { invalidate } from '@/lib/invalidate';
import { useTenant } from '@/lib/tenant';

export function deleteLocation(apiBase: string, id: number): Promise<void> {
  return apiRequest<void>('DELETE', `${apiBase}/locations/${id}`);
}

export function useDeleteLocation() {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteLocation(apiBase, id),
    onSuccess: () => invalidate(queryClient, apiBase, 'locations'),
  });
}
