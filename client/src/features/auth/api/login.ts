import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';

import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api-client';
import type { LoginInput } from '@shared/schemas/auth';
import type { PublicUser } from '@shared/schemas/user';

import { userQueryKey } from './get-user';
import { homePathFor } from './home-path';

export function login(input: LoginInput): Promise<PublicUser> {
  return apiRequest<PublicUser>('POST', '/api/login', input);
}

export function useLogin() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
      toast({ title: 'Login successful', description: `Welcome back, ${user.firstName}!` });
      navigate(homePathFor(user));
    },
    onError: (error) => {
      toast({ title: 'Login failed', description: error.message, variant: 'destructive' });
    },
  });
}
