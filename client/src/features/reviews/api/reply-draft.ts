import { useQuery } from '@tanstack/react-query';

import { getJson } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';

/**
 * The reply an alert email offered for a review ("Edit in ReviewFlow": /reviews?review=12&draft=1), to start the
 * reply box from: the same words the email showed. None (404) once that link was used or has expired.
 */
export function useReplyDraft(reviewId: number | null) {
  const { apiBase } = useTenant();
  const url = `${apiBase}/reviews/${reviewId}/reply-draft`;
  return useQuery({
    queryKey: [url],
    queryFn: ({ signal }) => getJson<{ content: string }>(url, { signal }),
    enabled: reviewId !== null,
    retry: false,
    staleTime: Infinity,
  });
}
