import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import { invalidate } from '@/lib/invalidate';
import { useTenant } from '@/lib/tenant';
import type { Location, UpdateLocationInput } from '@shared/schemas/locations';

export function updateLocation(apiBase: string, id: number, input: UpdateLocationInput): Promise<Location> {
  return apiRequest<Location>('PATCH', `${apiBase}/locations/${id}`, input);
}

export function useUpdateLocation() {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateLocationInput }) =>
      updateLocation(apiBase, id, input),
    onSuccess: () => invalidate(queryClient, apiBase, 'locations'),
  });
}
