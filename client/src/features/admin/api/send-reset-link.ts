import { useMutation } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import type { AdminResetLinkResult } from '@shared/schemas/account';

import { ADMIN_CLIENTS_PATH } from './get-admin-clients';

/** POST /api/admin/clients/{id}/password-reset: the forgot-password email, sent to the client's address. */
export function sendResetLink(id: number): Promise<AdminResetLinkResult> {
  return apiRequest<AdminResetLinkResult>('POST', `${ADMIN_CLIENTS_PATH}/${id}/password-reset`);
}

export function useSendResetLink() {
  return useMutation({ mutationFn: sendResetLink });
}

/** The toast that says where the link went. */
export function resetLinkToast({ to, status }: AdminResetLinkResult): {
  title: string;
  description?: string;
  variant?: 'destructive';
} {
  if (status === 'sent') return { title: `Reset link sent to ${to}` };
  if (status === 'outbox')
    return {
      title: `Reset link for ${to} not sent`,
      description:
        'Email is not set up on this server, so nothing was sent, and the outbox keeps the message with its link hidden. Set up email and send it again.',
    };
  return {
    title: `Reset link not sent to ${to}`,
    description: 'The email provider refused it: check Email Testing and try again.',
    variant: 'destructive',
  };
}
