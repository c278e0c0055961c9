import { queryOptions, useQuery } from '@tanstack/react-query';

import { getJson } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';
import type { ContactTag } from '@shared/contacts';

export const contactTagsKey = (apiBase: string) => [`${apiBase}/contacts/tags`] as const;

export function contactTagsQueryOptions(apiBase: string) {
  return queryOptions({
    queryKey: contactTagsKey(apiBase),
    queryFn: ({ signal }) => getJson<ContactTag[]>(`${apiBase}/contacts/tags`, { signal }),
  });
}

export function useContactTags() {
  const { apiBase } = useTenant();
  return useQuery(contactTagsQueryOptions(apiBase));
}
