import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { AdminClientRow } from '@shared/admin';
import { getPage } from '@/lib/api-client';
import { queryKeyToUrl } from '@/lib/query-client';

export const ADMIN_CLIENTS_PATH = '/api/admin/clients';

export interface AdminClientsParams {
  q?: string;
  page: number;
  pageSize: number;
}

export function adminClientsQueryOptions(params: AdminClientsParams) {
  return queryOptions({
    queryKey: [ADMIN_CLIENTS_PATH, params] as const,
    queryFn: ({ signal }) =>
      getPage<AdminClientRow>(queryKeyToUrl([ADMIN_CLIENTS_PATH, { ...params }]), { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAdminClients(params: AdminClientsParams) {
  return useQuery(adminClientsQueryOptions(params));
}
