import { useQuery } from '@tanstack/react-query';
import type { RoseAfterReply } from '@shared/reviews';

import { getJson } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';

/** GET /api/reviews/rose-after-reply: reviews whose customer raised the rating after the reply (issue 47). */
export function useRoseAfterReply() {
  const { apiBase } = useTenant();
  const url = `${apiBase}/reviews/rose-after-reply`;
  return useQuery({ queryKey: [url], queryFn: ({ signal }) => getJson<RoseAfterReply>(url, { signal }) });
}
