import { useMutation } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import type { ForgotPasswordInput, ResetPasswordInput } from '@shared/schemas/auth';

/** POST /api/forgot-password: the same answer whether or not an account has this email. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: ForgotPasswordInput) =>
      apiRequest<{ message: string }>('POST', '/api/forgot-password', input),
  });
}

/** POST /api/reset-password with the token from the emailed link. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      apiRequest<{ message: string }>('POST', '/api/reset-password', input),
  });
}
