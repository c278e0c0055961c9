import { queryOptions, useQuery } from '@tanstack/react-query';

import { getJson } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';

/** How each channel sends (GET /api/channels): through its provider, or kept in the outbox when unconfigured. */
export interface ChannelModes {
  email: { mode: 'smtp' | 'outbox' };
  sms: { mode: 'twilio' | 'outbox' };
  whatsapp: { mode: 'twilio' | 'outbox' };
}

export const channelsQueryKey = (apiBase: string) => [`${apiBase}/channels`] as const;

export function channelsQueryOptions(apiBase: string) {
  return queryOptions({
    queryKey: channelsQueryKey(apiBase),
    queryFn: () => getJson<ChannelModes>(`${apiBase}/channels`),
  });
}

export function useChannels() {
  const { apiBase } = useTenant();
  return useQuery(channelsQueryOptions(apiBase));
}
