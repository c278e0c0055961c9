import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import type { UpdateProfileInput } from '@shared/schemas/settings';
import type { PublicUser } from '@shared/schemas/user';

import { currentUserKey } from './get-current-user';

/** The signed-in user's own profile: always /api/user, never through an admin's mirror. */
export function updateProfile(input: UpdateProfileInput): Promise<PublicUser> {
  return apiRequest<PublicUser>('PATCH', '/api/user', input);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(currentUserKey, user),
  });
}
