import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import type { EmailTestResult } from '@shared/admin';
import type { EmailTestInput } from '@shared/schemas/admin';

import { OUTBOX_PATH } from './get-outbox';

export function sendTestEmail(input: EmailTestInput): Promise<EmailTestResult> {
  return apiRequest<EmailTestResult>('POST', '/api/admin/email-test', input);
}

export function useSendTestEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestEmail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [OUTBOX_PATH] }),
  });
}
