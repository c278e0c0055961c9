import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { OutboxMessage } from '@shared/admin';
import type { Channel } from '@shared/domain';
import { getPage } from '@/lib/api-client';
import { queryKeyToUrl } from '@/lib/query-client';

export const OUTBOX_PATH = '/api/admin/outbox';

export interface OutboxParams {
  channel?: Channel;
  page: number;
  pageSize: number;
}

export function outboxQueryOptions(params: OutboxParams) {
  return queryOptions({
    queryKey: [OUTBOX_PATH, params] as const,
    queryFn: ({ signal }) => getPage<OutboxMessage>(queryKeyToUrl([OUTBOX_PATH, { ...params }]), { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useOutbox(params: OutboxParams) {
  return useQuery(outboxQueryOptions(params));
}
