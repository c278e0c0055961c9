import { queryOptions, useQuery } from '@tanstack/react-query';

import { getJson } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';
import type { Template } from '@shared/template-words';

export function getTemplatesQueryOptions(apiBase: string) {
  return queryOptions({
    queryKey: [`${apiBase}/templates`],
    queryFn: () => getJson<Template[]>(`${apiBase}/templates`),
  });
}

export function useTemplates() {
  const { apiBase } = useTenant();
  return useQuery(getTemplatesQueryOptions(apiBase));
}
