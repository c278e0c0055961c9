import { Menu } from 'lucide-react';
import { lazy, Suspense, useState, type KeyboardEvent } from 'react';
import { preloader } from '@/lib/preloader';

import { Button } from '@/components/ui/button';

import {
  NotificationsButtonContent,
  notificationsLabel,
  PendingMenuButton,
  USER_MENU_BUTTON_CLASS,
  UserMenuButtonContent,
  type MenuPress,
} from './menu-buttons';
import { useUnreadCount } from './notifications-api';
import { ThemeToggle } from './theme-toggle';
import type { ShellUser } from './user-menu';

// The two menus (Radix menu, floating-ui: about 37 KB gzipped) load when the pointer or the focus first reaches
// their buttons, and mount on the first press, not with every screen (issue 43 item 4: a screen's first load
// under 150 KB). Until then the header shows their buttons, with the same names and the unread count
// (menu-buttons.tsx); a press opens the menu as soon as its code is there.
const loadNotificationsMenu = () => import('./notifications-menu');
const loadUserMenu = () => import('./user-menu');
const NotificationsMenu = lazy(loadNotificationsMenu);
const UserMenu = lazy(loadUserMenu);

type MenuName = 'notifications' | 'user';

interface HeaderProps {
  title: string;
  user: ShellUser;
  onOpenMenu: () => void;
  /** Starts loading the overlay menu's code when the pointer or the focus reaches its button. */
  onPreloadMenu?: () => void;
  onSignOut: () => void;
  signingOut?: boolean;
}

/**
 * What a menu's button does before its menu is mounted: the pointer or the focus reaching it starts loading the
 * code; a click, or Enter, Space or Arrow Down (as the Radix trigger: WAI-ARIA menu button), mounts the menu open.
 */
function pendingButtonProps(load: () => Promise<unknown>, press: (how: MenuPress) => void) {
  const preload = preloader(load);
  return {
    onPointerEnter: preload,
    onFocus: preload,
    onClick: () => press('pointer'),
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== 'Enter' && event.key !== ' ' && event.key !== 'ArrowDown') return;
      event.preventDefault();
      press('keyboard');
    },
  };
}

function PendingNotificationsButton({ onPress }: { onPress: (how: MenuPress) => void }) {
  const unread = useUnreadCount().data?.unread ?? 0;
  return (
    <PendingMenuButton
      size="icon"
      className="relative"
      aria-label={notificationsLabel(unread)}
      {...pendingButtonProps(loadNotificationsMenu, onPress)}
    >
      <NotificationsButtonContent unread={unread} />
    </PendingMenuButton>
  );
}

export function Header({ title, user, onOpenMenu, onPreloadMenu, onSignOut, signingOut }: HeaderProps) {
  // How each menu was first pressed; from then on it stays mounted and opens and closes itself.
  const [pressed, setPressed] = useState<Partial<Record<MenuName, MenuPress>>>({});
  const press = (menu: MenuName) => (how: MenuPress) =>
    setPressed((current) => (current[menu] ? current : { ...current, [menu]: how }));

  const pendingNotifications = <PendingNotificationsButton onPress={press('notifications')} />;
  const pendingUser = (
    <PendingMenuButton
      className={USER_MENU_BUTTON_CLASS}
      {...pendingButtonProps(loadUserMenu, press('user'))}
    >
      <UserMenuButtonContent user={user} />
    </PendingMenuButton>
  );

  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-2 border-b bg-background/85 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/70 sm:px-6">
      <Button
        variant="ghost"
        size="icon"
        className="-ml-1 md:hidden"
        aria-label="Open menu"
        onClick={onOpenMenu}
        onPointerEnter={onPreloadMenu}
        onFocus={onPreloadMenu}
      >
        <Menu aria-hidden="true" />
      </Button>
      <h1 className="min-w-0 flex-1 truncate text-lg font-semibold tracking-tight sm:text-xl">{title}</h1>
      <div className="flex items-center gap-0.5 sm:gap-1">
        {pressed.notifications ? (
          <Suspense fallback={pendingNotifications}>
            <NotificationsMenu defaultOpen openedWith={pressed.notifications} />
          </Suspense>
        ) : (
          pendingNotifications
        )}
        <ThemeToggle />
        {pressed.user ? (
          <Suspense fallback={pendingUser}>
            <UserMenu
              user={user}
              onSignOut={onSignOut}
              signingOut={signingOut}
              defaultOpen
              openedWith={pressed.user}
            />
          </Suspense>
        ) : (
          pendingUser
        )}
      </div>
    </header>
  );
}
