import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';

import { adminClientQueryKey } from './get-admin-client';
import { ADMIN_CLIENTS_PATH } from './get-admin-clients';
import { adminStatsQueryKey } from './get-admin-stats';

export function deleteClient(id: number): Promise<void> {
  return apiRequest<void>('DELETE', `${ADMIN_CLIENTS_PATH}/${id}`);
}

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClient,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: adminClientQueryKey(id) });
      void queryClient.invalidateQueries({ queryKey: [ADMIN_CLIENTS_PATH] });
      void queryClient.invalidateQueries({ queryKey: adminStatsQueryKey });
    },
  });
}
