import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';

import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api-client';

import { userQueryKey } from './get-user';

export async function logout(): Promise<void> {
  // Nobody is signed in on this device any more, so it stops hearing of the business's reviews. Best effort:
  // signing out never waits on push, and a device the server already forgot just drops its subscription.
  await import('@/lib/device-push')
    .then(({ turnPushOff }) => turnPushOff('/api'))
    .catch(() => undefined);
  return apiRequest<void>('POST', '/api/logout');
}

export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      navigate('/auth');
      // Nothing of the previous session may survive in the cache (another account may sign in next).
      queryClient.clear();
      queryClient.setQueryData(userQueryKey, null);
      toast({ title: 'Logged out', description: 'You have been successfully logged out' });
    },
    onError: (error) => {
      toast({ title: 'Logout failed', description: error.message, variant: 'destructive' });
    },
  });
}
