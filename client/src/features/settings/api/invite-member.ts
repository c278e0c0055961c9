import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';
import type { InviteMemberInput, TeamInvitation } from '@shared/schemas/team';

import { teamKey } from './get-team';

export function inviteMember(apiBase: string, input: InviteMemberInput): Promise<TeamInvitation> {
  return apiRequest<TeamInvitation>('POST', `${apiBase}/team/invitations`, input);
}

export function useInviteMember() {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteMemberInput) => inviteMember(apiBase, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKey(apiBase) }),
  });
}
