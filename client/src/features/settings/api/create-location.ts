import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import { invalidate } from '@/lib/invalidate';
import { useTenant } from '@/lib/tenant';
import type { Location, LocationFormValues } from '@shared/schemas/locations';

export function createLocation(apiBase: string, input: LocationFormValues): Promise<Location> {
  return apiRequest<Location>('POST', `${apiBase}/locations`, input);
}

export function useCreateLocation() {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LocationFormValues) => createLocation(apiBase, input),
    onSuccess: () => invalidate(queryClient, apiBase, 'locations'),
  });
}
