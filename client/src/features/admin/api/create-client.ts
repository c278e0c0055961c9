import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import type { AdminClientDetail } from '@shared/admin';
import type { CreateClientInput } from '@shared/schemas/admin';

import { ADMIN_CLIENTS_PATH } from './get-admin-clients';
import { adminStatsQueryKey } from './get-admin-stats';

export function createClient(input: CreateClientInput): Promise<AdminClientDetail> {
  return apiRequest<AdminClientDetail>('POST', ADMIN_CLIENTS_PATH, input);
}

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [ADMIN_CLIENTS_PATH] });
      void queryClient.invalidateQueries({ queryKey: adminStatsQueryKey });
    },
  });
}
