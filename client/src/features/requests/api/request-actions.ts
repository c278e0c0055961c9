import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import { invalidate } from '@/lib/invalidate';
import { useTenant } from '@/lib/tenant';
import type { ReviewRequest } from '@shared/review-requests';

export type RequestAction = 'retry' | 'cancel' | 'resend';

/** Send again, cancel, or resend with a new link; the lists, the request and the dashboard refresh. */
export function useRequestAction() {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: RequestAction }) =>
      apiRequest<ReviewRequest>('POST', `${apiBase}/review-requests/${id}/${action}`),
    onSuccess: () => invalidate(queryClient, apiBase, 'requests'),
  });
}
