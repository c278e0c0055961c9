import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import { invalidate } from '@/lib/invalidate';
import { useTenant } from '@/lib/tenant';
import type { LinkRequestResponse, QrCodeResponse } from '@shared/review-requests';

export type ReviewLinkKind = 'location' | 'one-off';

/**
 * A link and QR code without a contact: the location's permanent link (GET its QR), or a one-off link of its
 * own (POST /review-requests/link: a request that sends nothing, listed with the others).
 */
export function useCreateReviewLink() {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, locationId }: { kind: ReviewLinkKind; locationId: number }) =>
      kind === 'location'
        ? apiRequest<QrCodeResponse>('GET', `${apiBase}/locations/${locationId}/qr`)
        : apiRequest<LinkRequestResponse>('POST', `${apiBase}/review-requests/link`, { locationId }),
    onSuccess: (_result, { kind }) => {
      if (kind === 'one-off') void invalidate(queryClient, apiBase, 'requests');
    },
  });
}
