import {
  AlertTriangle,
  CheckCheck,
  Inbox,
  MessageSquareOff,
  MessageSquareWarning,
  MessagesSquare,
  PencilLine,
  Plug,
  SendHorizontal,
  Star,
  Trash2,
  type LucideIcon,
} from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { Notification, NotificationKind } from '@shared/schemas/notifications';

import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Spinner } from '@/components/ui/spinner';
import { useTenant } from '@/lib/tenant';
import { cn, formatTimeAgo } from '@/lib/utils';

import {
  useFocusFirstItemOnce,
  NotificationsButtonContent,
  notificationsLabel,
  type MenuPress,
} from './menu-buttons';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotificationsList,
  useUnreadCount,
} from './notifications-api';

const ICONS: Record<NotificationKind, LucideIcon> = {
  review_new: Star,
  review_negative: AlertTriangle,
  reply_failed: MessageSquareWarning,
  request_failed: SendHorizontal,
  integration_reconnect: Plug,
  reply_vanished: MessageSquareOff,
  review_edited: PencilLine,
  review_removed: Trash2,
  feedback_answered: MessagesSquare,
};

/** The header's bell (PRODUCT.md section 8, issue 10): real events, an unread count, each opening its target. */
export function NotificationsMenu({
  defaultOpen = false,
  openedWith,
}: {
  /** Opens as it mounts: the user pressed its button before the menu's code was loaded (header.tsx). */
  defaultOpen?: boolean;
  /** How that press was made: from the keyboard, the focus starts on the first item. */
  openedWith?: MenuPress;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const unread = useUnreadCount().data?.unread ?? 0;
  const list = useNotificationsList(open);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const { routeBase } = useTenant();
  const [, navigate] = useLocation();
  const focusFirstItem = useFocusFirstItemOnce(openedWith);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  const openTarget = (notification: Notification) => {
    if (!notification.readAt) markRead.mutate(notification.id);
    navigate(`${routeBase}${notification.target}`);
  };

  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={notificationsLabel(unread)}>
          <NotificationsButtonContent unread={unread} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        className="w-[min(22rem,calc(100vw-1.5rem))] p-0"
        onFocus={focusFirstItem}
      >
        <div className="flex items-center justify-between gap-2 px-2 py-1.5">
          <DropdownMenuLabel className="p-0">Notifications</DropdownMenuLabel>
          {/* Menu items, not buttons: a menu keeps Tab to itself, so only its items are reached from the
              keyboard (the arrow keys). Choosing one keeps the menu open. */}
          {unread > 0 ? (
            <DropdownMenuItem
              className="h-7 gap-1.5 px-2 text-xs font-medium"
              disabled={markAll.isPending}
              onSelect={(event) => {
                event.preventDefault();
                markAll.mutate();
              }}
            >
              <CheckCheck aria-hidden="true" />
              Mark all as read
            </DropdownMenuItem>
          ) : null}
        </div>
        <DropdownMenuSeparator className="my-0" />
        {list.isPending ? (
          <div className="flex justify-center py-6 text-primary">
            <Spinner label="Loading notifications…" />
          </div>
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-4 py-6 text-center">
            <Inbox className="size-6 text-muted-foreground" aria-hidden="true" />
            <p className="text-sm font-medium">Nothing new yet</p>
            <p className="text-xs text-muted-foreground">
              New reviews and delivery problems will show up here.
            </p>
          </div>
        ) : (
          <div className="max-h-[min(28rem,70vh)] overflow-y-auto py-1">
            {items.map((notification) => {
              const Icon = ICONS[notification.kind];
              const isUnread = !notification.readAt;
              return (
                <DropdownMenuItem
                  key={notification.id}
                  onSelect={() => openTarget(notification)}
                  className="items-start gap-3 rounded-none px-3 py-2.5"
                >
                  <Icon
                    className={cn(
                      'mt-0.5 size-4 shrink-0',
                      notification.kind === 'review_new'
                        ? 'text-amber-600 dark:text-amber-400'
                        : 'text-destructive',
                    )}
                    aria-hidden="true"
                  />
                  <span className="grid min-w-0 flex-1 gap-0.5">
                    <span className={cn('text-sm', isUnread && 'font-semibold')}>
                      {notification.title}
                      {isUnread ? <span className="sr-only"> (unread)</span> : null}
                    </span>
                    {notification.body ? (
                      <span className="line-clamp-2 text-xs text-muted-foreground">{notification.body}</span>
                    ) : null}
                    <time className="text-xs text-muted-foreground" dateTime={notification.createdAt}>
                      {formatTimeAgo(notification.createdAt)}
                    </time>
                  </span>
                  {isUnread ? (
                    <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" />
                  ) : null}
                </DropdownMenuItem>
              );
            })}
            {list.hasNextPage ? (
              <div className="px-3 py-2">
                <DropdownMenuItem
                  className="h-8 w-full justify-center rounded-md border text-sm font-medium"
                  disabled={list.isFetchingNextPage}
                  onSelect={(event) => {
                    event.preventDefault();
                    void list.fetchNextPage();
                  }}
                >
                  {list.isFetchingNextPage ? 'Loading…' : 'Show more'}
                </DropdownMenuItem>
              </div>
            ) : null}
          </div>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export default NotificationsMenu;
