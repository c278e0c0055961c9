import { Menu } from 'lucide-react';

import { Button } from '@/components/ui/button';

import { NotificationsMenu } from './notifications-menu';
import { ThemeToggle } from './theme-toggle';
import { UserMenu, type ShellUser } from './user-menu';

interface HeaderProps {
  title: string;
  user: ShellUser;
  onOpenMenu: () => void;
  onSignOut: () => void;
  signingOut?: boolean;
}

export function Header({ title, user, onOpenMenu, onSignOut, signingOut }: HeaderProps) {
  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-2 border-b bg-background/85 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/70 sm:px-6">
      <Button
        variant="ghost"
        size="icon"
        className="-ml-1 md:hidden"
        aria-label="Open menu"
        onClick={onOpenMenu}
      >
        <Menu aria-hidden="true" />
      </Button>
      <h1 className="min-w-0 flex-1 truncate text-lg font-semibold tracking-tight sm:text-xl">{title}</h1>
      <div className="flex items-center gap-0.5 sm:gap-1">
        <NotificationsMenu />
        <ThemeToggle />
        <UserMenu user={user} onSignOut={onSignOut} signingOut={signingOut} />
      </div>
    </header>
  );
}
