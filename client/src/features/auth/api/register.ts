import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';

import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api-client';
import type { RegisterFormInput, RegisterInput } from '@shared/schemas/auth';
import type { PublicUser } from '@shared/schemas/user';

import { userQueryKey } from './get-user';
import { homePathFor } from './home-path';

/** Sends the form plus `username` set to the email (seed-spec section 7). */
export function register(form: RegisterFormInput): Promise<PublicUser> {
  const body: RegisterInput = { ...form, username: form.email };
  return apiRequest<PublicUser>('POST', '/api/register', body);
}

export function useRegister() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
      toast({ title: 'Registration successful', description: `Welcome to the product, ${user.firstName}!` });
      navigate(homePathFor(user));
    },
    onError: (error) => {
      toast({ title: 'Registration failed', description: error.message, variant: 'destructive' });
    },
  });
}
