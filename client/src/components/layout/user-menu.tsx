import { LogOut, Settings, User } from 'lucide-react';
import { Link, useLocation } from 'wouter';

import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

import {
  useFocusFirstItemOnce,
  USER_MENU_BUTTON_CLASS,
  UserMenuButtonContent,
  type MenuPress,
  type ShellUser,
} from './menu-buttons';

export type { ShellUser } from './menu-buttons';


interface UserMenuProps {
  user: ShellUser;
  onSignOut: () => void;
  signingOut?: boolean;
  /** Opens as it mounts: the user pressed its button before the menu was mounted (header.tsx). */
  defaultOpen?: boolean;
  /** How that press was made: from the keyboard, the focus starts on the first item. */
  openedWith?: MenuPress;
}

export function UserMenu({ user, onSignOut, signingOut, defaultOpen, openedWith }: UserMenuProps) {
  const [, navigate] = useLocation();
  const focusFirstItem = useFocusFirstItemOnce(openedWith);

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className={USER_MENU_BUTTON_CLASS}>
          <UserMenuButtonContent user={user} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64" onFocus={focusFirstItem}>
        <DropdownMenuLabel className="font-normal">
          <span className="block truncate text-sm font-semibold">{user.name}</span>
          <span className="block truncate text-xs text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {/* Profile opens settings on the profile tab (PRODUCT.md section 8). */}
        <DropdownMenuItem onSelect={() => navigate('/settings?tab=profile')}>
          <User aria-hidden="true" />
          Profile
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/settings">
            <Settings aria-hidden="true" />
            Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" disabled={signingOut} onSelect={onSignOut}>
          <LogOut aria-hidden="true" />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export default UserMenu;
