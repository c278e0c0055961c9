import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';

import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api-client';
import type { RegisterFormInput, RegisterInput } from '@shared/schemas/auth';
import type { PublicUser } from '@shared/schemas/user';

import { userQueryKey } from './get-user';
import { homePathFor } from './home-path';

/** The browser's time zone, which becomes the business's (quiet hours); the server drops one it does not know. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** Sends the form plus `username` set to the email (seed-spec section 7) and the browser's time zone. */
export function register(form: RegisterFormInput): Promise<PublicUser> {
  const body: RegisterInput = { ...form, username: form.email, timeZone: browserTimeZone() };
  return apiRequest<PublicUser>('POST', '/api/register', body);
}

export function useRegister() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
      // Clients are shown by company name, else first name (seed-spec): the welcome names the business.
      const name = user.companyName.trim() || user.firstName;
      toast({ title: 'Registration successful', description: `Welcome to the product, ${name}!` });
      navigate(homePathFor(user));
    },
    onError: (error) => {
      toast({ title: 'Registration failed', description: error.message, variant: 'destructive' });
    },
  });
}
