import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import type { AdminClientDetail } from '@shared/admin';
import type { UpdateClientInput } from '@shared/schemas/admin';

import { adminClientQueryKey } from './get-admin-client';
import { ADMIN_CLIENTS_PATH } from './get-admin-clients';
import { adminStatsQueryKey } from './get-admin-stats';

export function updateClient({ id, ...changes }: UpdateClientInput & { id: number }) {
  return apiRequest<AdminClientDetail>('PATCH', `${ADMIN_CLIENTS_PATH}/${id}`, changes);
}

export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClient,
    onSuccess: (client) => {
      queryClient.setQueryData(adminClientQueryKey(client.id), client);
      void queryClient.invalidateQueries({ queryKey: [ADMIN_CLIENTS_PATH] });
      void queryClient.invalidateQueries({ queryKey: adminStatsQueryKey });
    },
  });
}
