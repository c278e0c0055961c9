import { queryOptions, useQuery } from '@tanstack/react-query';

import { getJson } from '@/lib/api-client';
import type { MailStatus } from '@shared/admin';

export const mailStatusQueryOptions = queryOptions({
  queryKey: ['/api/admin/mail-status'] as const,
  queryFn: () => getJson<MailStatus>('/api/admin/mail-status'),
});

export function useMailStatus() {
  return useQuery(mailStatusQueryOptions);
}
