import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReplySettings } from '@shared/schemas/reply-settings';

import { apiRequest, getJson } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';

export const replySettingsKey = (apiBase: string) => [`${apiBase}/reply-settings`] as const;

export function replySettingsQueryOptions(apiBase: string) {
  return queryOptions({
    queryKey: replySettingsKey(apiBase),
    queryFn: ({ signal }) => getJson<ReplySettings>(`${apiBase}/reply-settings`, { signal }),
  });
}

export function useReplySettings() {
  const { apiBase } = useTenant();
  return useQuery(replySettingsQueryOptions(apiBase));
}

export function useSaveReplySettings() {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ReplySettings) =>
      apiRequest<ReplySettings>('PUT', `${apiBase}/reply-settings`, values),
    onSuccess: (saved) => queryClient.setQueryData(replySettingsKey(apiBase), saved),
  });
}
