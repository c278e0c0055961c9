import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { OutboxMessage } from '@shared/schemas/admin';
import type { Channel } from '@shared/schemas/domain';

import { getPaged } from './paged';

export const OUTBOX_PATH = '/api/admin/outbox';

export interface OutboxParams {
  channel?: Channel;
  page: number;
  pageSize: number;
}

export function outboxQueryOptions(params: OutboxParams) {
  return queryOptions({
    queryKey: [OUTBOX_PATH, params] as const,
    queryFn: () => getPaged<OutboxMessage>(OUTBOX_PATH, { ...params }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useOutbox(params: OutboxParams) {
  return useQuery(outboxQueryOptions(params));
}
