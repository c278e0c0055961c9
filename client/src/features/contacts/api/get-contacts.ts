import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { toApiError } from '@/lib/api-client';
import { queryKeyToUrl } from '@/lib/query-client';
import { useTenant } from '@/lib/tenant';
import type { Contact } from '@shared/schemas/contacts';

export interface ContactsPageParams {
  q?: string;
  tag?: string;
  page: number;
  pageSize: number;
}

export interface ContactsPage {
  contacts: Contact[];
  total: number;
}

/** The list with its X-Total-Count header, which the shared fetch wrapper does not expose. */
export async function getContactsPage(url: string, signal?: AbortSignal): Promise<ContactsPage> {
  const response = await fetch(url, {
    credentials: 'include',
    headers: { Accept: 'application/json' },
    signal,
  });
  if (!response.ok) throw await toApiError(response);
  const contacts = (await response.json()) as Contact[];
  const total = Number(response.headers.get('X-Total-Count') ?? contacts.length);
  return { contacts, total: Number.isFinite(total) ? total : contacts.length };
}

export const contactsKey = (apiBase: string) => [`${apiBase}/contacts`] as const;

export function contactsPageQueryOptions(apiBase: string, params: ContactsPageParams) {
  const queryKey = [`${apiBase}/contacts`, params] as const;
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => getContactsPage(queryKeyToUrl(queryKey), signal),
    placeholderData: keepPreviousData,
  });
}

export function useContactsPage(params: ContactsPageParams) {
  const { apiBase } = useTenant();
  return useQuery(contactsPageQueryOptions(apiBase, params));
}
