import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiRequest, getJson } from '@/lib/api-client';
import type { AcceptInvitationInput, InvitationPreview } from '@shared/schemas/team';
import type { PublicUser } from '@shared/schemas/user';

import { userQueryKey } from './get-user';

const invitationPath = (token: string) => `/api/invitations/${encodeURIComponent(token)}`;

/** What an invitation link offers (business, role), or why it no longer works (issue 16). */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: [invitationPath(token)],
    queryFn: ({ signal }) => getJson<InvitationPreview>(invitationPath(token), { signal }),
    retry: false,
  });
}

export function acceptInvitation(token: string, input: AcceptInvitationInput): Promise<PublicUser> {
  return apiRequest<PublicUser>('POST', `${invitationPath(token)}/accept`, input);
}

/** Joins the team; the answer is the signed-in member (with their business and role). */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AcceptInvitationInput) => acceptInvitation(token, input),
    onSuccess: (user) => queryClient.setQueryData(userQueryKey, user),
  });
}
