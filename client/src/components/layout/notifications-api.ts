import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { NOTIFICATIONS_PAGE_SIZE } from '@shared/notification-paging';
import type { Notification, UnreadCount } from '@shared/schemas/notifications';

import { apiRequest, getJson, getPage } from '@/lib/api-client';
import { invalidate } from '@/lib/invalidate';
import { useTenant } from '@/lib/tenant';

/** The bell looks for news this often: light enough for every open tab, soon enough for a new review. */
export const BELL_POLL_MS = 30_000;

export const unreadCountKey = (apiBase: string) => [`${apiBase}/notifications/unread-count`] as const;

/**
 * The unread count, polled. When it grows, something happened (a review arrived, a send failed): every
 * screen that shows reviews and requests refetches, so they show it without a reload.
 */
export function useUnreadCount() {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: unreadCountKey(apiBase),
    queryFn: ({ signal }) => getJson<UnreadCount>(`${apiBase}/notifications/unread-count`, { signal }),
    refetchInterval: BELL_POLL_MS,
    staleTime: 0,
  });
  const seen = useRef<number | undefined>(undefined);
  const unread = query.data?.unread;
  useEffect(() => {
    if (unread === undefined) return;
    const grew = seen.current !== undefined && unread > seen.current;
    seen.current = unread;
    if (grew) void invalidate(queryClient, apiBase, 'reviews', 'requests', 'integrations');
  }, [unread, apiBase, queryClient]);
  return query;
}

/** The bell's list, newest first, a page at a time ("Show more"). */
export function useNotificationsList(enabled: boolean) {
  const { apiBase } = useTenant();
  return useInfiniteQuery({
    queryKey: [`${apiBase}/notifications`, { pageSize: NOTIFICATIONS_PAGE_SIZE }],
    queryFn: ({ pageParam, signal }) =>
      getPage<Notification>(
        `${apiBase}/notifications?page=${pageParam}&pageSize=${NOTIFICATIONS_PAGE_SIZE}`,
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((n, p) => n + p.items.length, 0) < last.total ? pages.length + 1 : undefined,
    enabled,
    staleTime: 0,
  });
}

export function useMarkNotificationRead() {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<Notification>('POST', `${apiBase}/notifications/${id}/read`),
    onSuccess: () => invalidate(queryClient, apiBase, 'notifications'),
  });
}

export function useMarkAllNotificationsRead() {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ updated: number }>('POST', `${apiBase}/notifications/read-all`),
    onSuccess: () => invalidate(queryClient, apiBase, 'notifications'),
  });
}
