import { useMutation } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';

/** What POST /api/email-test answers: the outcome and the rendered message. */
export interface TestEmailResult {
  status: 'sent' | 'outbox' | 'failed';
  transport: 'smtp' | 'outbox';
  messageId?: string;
  error?: string;
  to: string;
  subject: string;
  text: string;
}

export function sendTestEmail(apiBase: string): Promise<TestEmailResult> {
  return apiRequest<TestEmailResult>('POST', `${apiBase}/email-test`);
}

export function useSendTestEmail() {
  const { apiBase } = useTenant();
  return useMutation({ mutationFn: () => sendTestEmail(apiBase) });
}
