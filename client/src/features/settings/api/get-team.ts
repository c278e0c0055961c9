import { queryOptions, useQuery } from '@tanstack/react-query';

import { getJson } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';
import type { TeamOverview } from '@shared/schemas/team';

/** Settings › Team: the members and the invitations still waiting (owners only, issue 16). */
export const teamKey = (apiBase: string) => [`${apiBase}/team`] as const;

export function teamQueryOptions(apiBase: string) {
  return queryOptions({
    queryKey: teamKey(apiBase),
    queryFn: ({ signal }) => getJson<TeamOverview>(`${apiBase}/team`, { signal }),
  });
}

export function useTeam() {
  const { apiBase } = useTenant();
  return useQuery(teamQueryOptions(apiBase));
}
