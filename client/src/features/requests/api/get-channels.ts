import { queryOptions, useQuery } from '@tanstack/react-query';

import { getJson } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';
import type { Channel } from '@shared/domain';

/**
 * GET /api/channels: whether each channel really sends or keeps messages in the outbox; for WhatsApp, whether
 * an approved template is configured.
 */
export type ChannelModes = Record<Channel, { mode: string; template?: boolean }>;

export function getChannelsQueryOptions(apiBase: string) {
  return queryOptions({
    queryKey: [`${apiBase}/channels`],
    queryFn: () => getJson<ChannelModes>(`${apiBase}/channels`),
  });
}

export function useChannels() {
  const { apiBase } = useTenant();
  return useQuery(getChannelsQueryOptions(apiBase));
}
