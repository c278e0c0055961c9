import { queryOptions, useQuery } from '@tanstack/react-query';

import { getJson } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';
import type { QrCodeResponse } from '@shared/review-requests';

export function getLocationQrQueryOptions(apiBase: string, locationId: number) {
  return queryOptions({
    queryKey: [`${apiBase}/locations/${locationId}/qr`],
    queryFn: () => getJson<QrCodeResponse>(`${apiBase}/locations/${locationId}/qr`),
  });
}

/** The QR code of a location's permanent link (printed posters). */
export function useLocationQr(locationId: number | null) {
  const { apiBase } = useTenant();
  return useQuery({ ...getLocationQrQueryOptions(apiBase, locationId ?? 0), enabled: locationId !== null });
}
