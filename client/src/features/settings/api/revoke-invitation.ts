import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';

import { teamKey } from './get-team';

/** Withdraws a waiting invitation: its link stops working. */
export function revokeInvitation(apiBase: string, id: number): Promise<void> {
  return apiRequest<void>('DELETE', `${apiBase}/team/invitations/${id}`);
}

export function useRevokeInvitation() {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => revokeInvitation(apiBase, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKey(apiBase) }),
  });
}
