import { Bell } from 'lucide-react';
import type { ComponentProps } from 'react';

import { Button } from '@/components/ui/button';
import { initials } from '@/lib/utils';

import type { ShellUser } from './user-menu';

/**
 * The header menus' buttons, apart from the menus: the header shows them at once, disabled, while the menus'
 * code (Radix menu and its positioning, about 25 KB gzipped) loads just after the shell (header.tsx). Kept out
 * of the app's first load this way (issue 13); the same buttons then become the menus' triggers.
 */

export const USER_MENU_BUTTON_CLASS = 'h-10 gap-2 px-1.5 sm:px-2';

export function UserMenuButtonContent({ user }: { user: ShellUser }) {
  return (
    <>
      <span
        aria-hidden="true"
        className="bg-brand-gradient flex size-8 items-center justify-center rounded-full text-xs font-semibold text-white"
      >
        {initials(user.name) || '?'}
      </span>
      <span className="hidden max-w-40 truncate text-sm font-medium lg:inline">{user.name}</span>
    </>
  );
}

export const notificationsLabel = (unread: number) =>
  unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

export function NotificationsButtonContent({ unread }: { unread: number }) {
  return (
    <>
      <Bell aria-hidden="true" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          className="absolute right-1 top-1 flex min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] font-semibold leading-4 text-destructive-foreground"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </>
  );
}

/**
 * A menu's button while its menu loads: same look and name. A press is not lost: the header remembers it and
 * the menu opens as soon as its code arrives.
 */
export function PendingMenuButton(props: ComponentProps<typeof Button>) {
  return <Button variant="ghost" aria-haspopup="menu" aria-expanded={false} {...props} />;
}
