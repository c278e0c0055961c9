import { queryOptions, useQuery } from '@tanstack/react-query';

import { getJson } from '@/lib/api-client';
import { displayName } from '@shared/display-name';

import type { AdminClientDetail } from '@shared/admin';

/** What the admin API answers for one client (PRODUCT.md section 5: GET /api/admin/clients/{id}). */
export type AdminClient = AdminClientDetail;

export const adminClientQueryKey = (clientId: number) => [`/api/admin/clients/${clientId}`] as const;

export function adminClientQueryOptions(clientId: number) {
  return queryOptions({
    queryKey: adminClientQueryKey(clientId),
    queryFn: () => getJson<AdminClient>(`/api/admin/clients/${clientId}`),
  });
}

export function useAdminClient(clientId: number | undefined) {
  return useQuery({
    ...adminClientQueryOptions(clientId ?? 0),
    enabled: clientId !== undefined,
  });
}

/** The client's name for the Admin View banner; 'Client #{id}' until (or unless) it loads. */
export function useAdminClientName(clientId: number | undefined): string {
  const { data } = useAdminClient(clientId);
  if (clientId === undefined) return '';
  return data ? displayName(data) : `Client #${clientId}`;
}
