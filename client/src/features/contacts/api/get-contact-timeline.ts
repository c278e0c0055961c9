import { useQuery } from '@tanstack/react-query';

import { getJson } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';
import type { ContactEvent } from '@shared/contacts';

/** The contact's timeline: each ask, each ask skipped and why, requests cancelled, reviews; newest first. */
export function useContactTimeline(contactId: number | null) {
  const { apiBase } = useTenant();
  const url = `${apiBase}/contacts/${contactId}/timeline`;
  return useQuery({
    queryKey: [url],
    queryFn: ({ signal }) => getJson<ContactEvent[]>(url, { signal }),
    enabled: contactId !== null,
  });
}
