import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';

import { teamKey } from './get-team';

/** Removes the member: their sign-ins end at once (issue 16). */
export function removeMember(apiBase: string, id: number): Promise<void> {
  return apiRequest<void>('DELETE', `${apiBase}/team/members/${id}`);
}

export function useRemoveMember() {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => removeMember(apiBase, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKey(apiBase) }),
  });
}
