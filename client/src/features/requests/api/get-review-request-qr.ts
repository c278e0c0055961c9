import { queryOptions, useQuery } from '@tanstack/react-query';

import { getJson } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';
import type { QrCodeResponse } from '@shared/review-requests';

export function getReviewRequestQrQueryOptions(apiBase: string, requestId: number) {
  return queryOptions({
    queryKey: [`${apiBase}/review-requests/${requestId}/qr`],
    queryFn: () => getJson<QrCodeResponse>(`${apiBase}/review-requests/${requestId}/qr`),
  });
}

/** Loads only while the dialog is open (seed-spec section 2: "loads on open"). */
export function useReviewRequestQr(requestId: number | null, enabled: boolean) {
  const { apiBase } = useTenant();
  return useQuery({
    ...getReviewRequestQrQueryOptions(apiBase, requestId ?? 0),
    enabled: enabled && requestId !== null,
  });
}
