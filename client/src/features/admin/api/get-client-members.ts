import { queryOptions, useQuery } from '@tanstack/react-query';

import { getJson } from '@/lib/api-client';
import type { TeamMember } from '@shared/schemas/team';

/** A client's team members, for the admin (GET /api/admin/clients/{id}/members, issue 16). */
export function clientMembersQueryOptions(clientId: number) {
  return queryOptions({
    queryKey: [`/api/admin/clients/${clientId}/members`],
    queryFn: ({ signal }) => getJson<TeamMember[]>(`/api/admin/clients/${clientId}/members`, { signal }),
  });
}

export function useClientMembers(clientId: number) {
  return useQuery(clientMembersQueryOptions(clientId));
}
