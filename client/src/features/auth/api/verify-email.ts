import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import type { VerifyEmailResult } from '@shared/schemas/account';

import { userQueryKey } from './get-user';

/**
 * POST /api/verify-email with the token from the emailed link. A query, not a mutation, so the page's
 * double mount (StrictMode, a re-render) uses the single-use link once.
 */
export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['/api/verify-email', token],
    queryFn: () => apiRequest<VerifyEmailResult>('POST', '/api/verify-email', { token }),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

export function useVerifyEmail(token: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...verifyEmailQueryOptions(token),
    queryFn: async (context) => {
      const result = await verifyEmailQueryOptions(token).queryFn!(context);
      // The banner and the header follow the account's new state.
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
      return result;
    },
  });
}

/** POST /api/verify-email/resend: another link for the signed-in, unverified owner. */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => apiRequest<{ message: string }>('POST', '/api/verify-email/resend'),
  });
}
