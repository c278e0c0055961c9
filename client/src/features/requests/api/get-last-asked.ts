import { queryOptions, useQuery } from '@tanstack/react-query';

import { getJson } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';
import type { LastAsk } from '@shared/review-requests';

export function lastAskedQueryOptions(apiBase: string, contactId: number) {
  const url = `${apiBase}/review-requests/last-asked?contactId=${contactId}`;
  return queryOptions({
    queryKey: [url],
    queryFn: ({ signal }) => getJson<LastAsk | null>(url, { signal }),
  });
}

/** When the contact was last asked inside the ask window (null: not recently), once one is chosen. */
export function useLastAsked(contactId: number | null) {
  const { apiBase } = useTenant();
  return useQuery({ ...lastAskedQueryOptions(apiBase, contactId ?? 0), enabled: contactId !== null });
}
