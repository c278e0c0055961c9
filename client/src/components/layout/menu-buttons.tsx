import { Bell } from 'lucide-react';
import { useRef, type ComponentProps, type FocusEvent } from 'react';

import { Button } from '@/components/ui/button';
import { initials } from '@/lib/utils';


/**
 * The header menus' buttons, apart from the menus: the header shows them at once, while the menus' code (Radix
 * menu and its positioning, about 37 KB gzipped) waits for the pointer or the focus to reach them (header.tsx).
 * Kept out of every screen's first load this way (issues 13 and 43); the same buttons then become the menus'
 * triggers.
 */

export const USER_MENU_BUTTON_CLASS = 'h-10 gap-2 px-1.5 sm:px-2';

export interface ShellUser {
  /** Company name, else first name (seed-spec section 1: `displayName`). */
  name: string;
  email: string;
}

/**
 * The user menu's button is named by its content, no aria-label: "<name> (user menu)", the name shown from
 * 1024 px and kept for screen readers below (WCAG 2.5.3 Label in Name: the name starts with the text a speech
 * user sees). The initials are the avatar's picture, hidden from assistive technology.
 */
export function UserMenuButtonContent({ user }: { user: ShellUser }) {
  return (
    <>
      <span
        aria-hidden="true"
        className="bg-brand-gradient flex size-8 items-center justify-center rounded-full text-xs font-semibold text-white"
      >
        {initials(user.name) || '?'}
      </span>
      <span className="sr-only lg:not-sr-only lg:max-w-40 lg:truncate lg:text-sm lg:font-medium">
        {user.name}
        <span className="sr-only"> (user menu)</span>
      </span>
    </>
  );
}

/** What the bell's badge shows: the count, capped so it fits. */
const unreadBadge = (unread: number) => (unread > 99 ? '99+' : String(unread));

/** The bell's name holds its badge's text as shown (WCAG 2.5.3 Label in Name): "Notifications, 99+ unread". */
export const notificationsLabel = (unread: number) =>
  unread > 0 ? `Notifications, ${unreadBadge(unread)} unread` : 'Notifications';

export function NotificationsButtonContent({ unread }: { unread: number }) {
  return (
    <>
      <Bell aria-hidden="true" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          className="absolute right-1 top-1 flex min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] font-semibold leading-4 text-destructive-foreground"
        >
          {unreadBadge(unread)}
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

/** How a menu's button was first pressed, before the menu was mounted. */
export type MenuPress = 'pointer' | 'keyboard';

/**
 * The menu's `onFocus` when it mounts open: opened from the keyboard, the focus moves on from the menu to its
 * first item, as the Radix trigger does once mounted (WAI-ARIA menu button); from a pointer the menu keeps it.
 * Only the first time: later openings go through the Radix trigger.
 */
export function useFocusFirstItemOnce(openedWith: MenuPress | undefined) {
  const done = useRef(openedWith !== 'keyboard');
  return (event: FocusEvent<HTMLElement>) => {
    if (done.current || event.target !== event.currentTarget) return;
    done.current = true;
    event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])')?.focus();
  };
}
