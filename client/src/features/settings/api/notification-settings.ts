import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings } from '@shared/schemas/notifications';

import { apiRequest, getJson } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';

export const notificationSettingsKey = (apiBase: string) => [`${apiBase}/notification-settings`] as const;

export function notificationSettingsQueryOptions(apiBase: string) {
  return queryOptions({
    queryKey: notificationSettingsKey(apiBase),
    queryFn: ({ signal }) => getJson<NotificationSettings>(`${apiBase}/notification-settings`, { signal }),
  });
}

export function useNotificationSettings() {
  const { apiBase } = useTenant();
  return useQuery(notificationSettingsQueryOptions(apiBase));
}

export function useSaveNotificationSettings() {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: NotificationSettings) =>
      apiRequest<NotificationSettings>('PUT', `${apiBase}/notification-settings`, values),
    onSuccess: (saved) => queryClient.setQueryData(notificationSettingsKey(apiBase), saved),
  });
}
