import { Menu } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';

import { Button } from '@/components/ui/button';

import {
  NotificationsButtonContent,
  notificationsLabel,
  PendingMenuButton,
  USER_MENU_BUTTON_CLASS,
  UserMenuButtonContent,
} from './menu-buttons';
import { useUnreadCount } from './notifications-api';
import { ThemeToggle } from './theme-toggle';
import type { ShellUser } from './user-menu';

// The two menus (Radix menu, floating-ui) load right after the shell renders, not before it (issue 13);
// until then their buttons show, and a press on one opens its menu once loaded (menu-buttons.tsx).
const NotificationsMenu = lazy(() => import('./notifications-menu'));
const UserMenu = lazy(() => import('./user-menu'));

interface HeaderProps {
  title: string;
  user: ShellUser;
  onOpenMenu: () => void;
  /** Starts loading the overlay menu's code when the pointer or the focus reaches its button. */
  onPreloadMenu?: () => void;
  onSignOut: () => void;
  signingOut?: boolean;
}

function PendingNotificationsButton({ onPress }: { onPress: () => void }) {
  const unread = useUnreadCount().data?.unread ?? 0;
  return (
    <PendingMenuButton
      size="icon"
      className="relative"
      aria-label={notificationsLabel(unread)}
      onClick={onPress}
    >
      <NotificationsButtonContent unread={unread} />
    </PendingMenuButton>
  );
}

export function Header({ title, user, onOpenMenu, onPreloadMenu, onSignOut, signingOut }: HeaderProps) {
  const [pressedWhileLoading, setPressedWhileLoading] = useState<'notifications' | 'user' | null>(null);
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
        <Suspense
          fallback={<PendingNotificationsButton onPress={() => setPressedWhileLoading('notifications')} />}
        >
          <NotificationsMenu defaultOpen={pressedWhileLoading === 'notifications'} />
        </Suspense>
        <ThemeToggle />
        <Suspense
          fallback={
            <PendingMenuButton
              className={USER_MENU_BUTTON_CLASS}
              onClick={() => setPressedWhileLoading('user')}
            >
              <UserMenuButtonContent user={user} />
            </PendingMenuButton>
          }
        >
          <UserMenu
            user={user}
            onSignOut={onSignOut}
            signingOut={signingOut}
            defaultOpen={pressedWhileLoading === 'user'}
          />
        </Suspense>
      </div>
    </header>
  );
}
