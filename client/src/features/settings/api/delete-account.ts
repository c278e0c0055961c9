import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';

import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api-client';
import type { DeleteAccountInput } from '@shared/schemas/settings';

import { currentUserKey } from './get-current-user';

export function deleteAccount(input: DeleteAccountInput): Promise<void> {
  return apiRequest<void>('DELETE', '/api/user', input);
}

/** Deletes the account (its subscription is cancelled first), then lands on / signed out. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      navigate('/');
      // Nothing of the deleted account may survive in the cache.
      queryClient.clear();
      queryClient.setQueryData(currentUserKey, null);
      toast({ title: 'Account deleted', description: 'Your account and all its data were deleted.' });
    },
  });
}
