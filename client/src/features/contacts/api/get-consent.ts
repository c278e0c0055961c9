import { useQuery } from '@tanstack/react-query';

import { getJson } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';
import type { ConsentEvent } from '@shared/contacts';

/** The contact's consent record: how consent was given and every opt-out and opt-in, newest first. */
export function useConsentRecord(contactId: number | null) {
  const { apiBase } = useTenant();
  const url = `${apiBase}/contacts/${contactId}/consent`;
  return useQuery({
    queryKey: [url],
    queryFn: ({ signal }) => getJson<ConsentEvent[]>(url, { signal }),
    enabled: contactId !== null,
  });
}
