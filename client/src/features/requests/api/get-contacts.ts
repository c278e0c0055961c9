import { queryOptions, useQuery } from '@tanstack/react-query';

import { getJson } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';
import type { Channel } from '@shared/domain';

/** The fields of GET /api/contacts the request screens use (all contacts, sorted by name). */
export interface ContactOption {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  tags: string[];
  optedOut: Record<Channel, boolean>;
}

export function getContactsQueryOptions(apiBase: string) {
  return queryOptions({
    queryKey: [`${apiBase}/contacts`],
    queryFn: () => getJson<ContactOption[]>(`${apiBase}/contacts`),
  });
}

export function useContacts() {
  const { apiBase } = useTenant();
  return useQuery(getContactsQueryOptions(apiBase));
}
