import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import { getQueryFn } from '@/lib/query-client';
import type { ChangeEmailInput, EmailStatus } from '@shared/schemas/account';

/** GET /api/user/email: the address, whether it is verified, and a new address waiting for its link. */
export const emailStatusKey = ['/api/user/email'] as const;

export const emailStatusQueryOptions = queryOptions({
  queryKey: emailStatusKey,
  queryFn: getQueryFn<EmailStatus>({ on401: 'throw' }),
});

export function useEmailStatus() {
  return useQuery(emailStatusQueryOptions);
}

/** POST /api/user/email: needs the current password; the address changes when the emailed link is followed. */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangeEmailInput) => apiRequest<EmailStatus>('POST', '/api/user/email', input),
    onSuccess: (status) => queryClient.setQueryData(emailStatusKey, status),
  });
}
