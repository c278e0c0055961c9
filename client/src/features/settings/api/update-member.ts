import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';
import type { TeamMember, UpdateMemberInput } from '@shared/schemas/team';

import { teamKey } from './get-team';

export function updateMember(apiBase: string, id: number, input: UpdateMemberInput): Promise<TeamMember> {
  return apiRequest<TeamMember>('PATCH', `${apiBase}/team/members/${id}`, input);
}

export function useUpdateMember() {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateMemberInput & { id: number }) => updateMember(apiBase, id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKey(apiBase) }),
  });
}
