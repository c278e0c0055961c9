import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { getPage, type Page } from '@/lib/api-client';
import { queryKeyToUrl } from '@/lib/query-client';
import { useTenant } from '@/lib/tenant';
import type { Contact } from '@shared/contacts';

export interface ContactsPageParams {
  q?: string;
  tag?: string;
  page: number;
  pageSize: number;
}

export type ContactsPage = Page<Contact>;

export const contactsKey = (apiBase: string) => [`${apiBase}/contacts`] as const;

export function contactsPageQueryOptions(apiBase: string, params: ContactsPageParams) {
  const queryKey = [`${apiBase}/contacts`, params] as const;
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => getPage<Contact>(queryKeyToUrl(queryKey), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useContactsPage(params: ContactsPageParams) {
  const { apiBase } = useTenant();
  return useQuery(contactsPageQueryOptions(apiBase, params));
}
