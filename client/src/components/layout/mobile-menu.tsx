import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';

import type { NavItem } from './nav-items';
import { Sidebar } from './sidebar';

export interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  navItems: NavItem[];
  onSignOut: () => void;
  signingOut?: boolean;
}

/**
 * The overlay sidebar below 768 px. Its own chunk (app-shell.tsx loads it when the menu is first opened), so
 * the Radix dialog stays out of the app's first load (issue 13).
 */
export function MobileMenu({ open, onOpenChange, navItems, onSignOut, signingOut }: MobileMenuProps) {
  const close = () => onOpenChange(false);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay
          data-testid="mobile-menu-backdrop"
          className="rf-fade fixed inset-0 z-40 bg-black/50 md:hidden"
        />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="rf-slide-left fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] shadow-xl outline-none md:hidden"
        >
          <DialogPrimitive.Title className="sr-only">Menu</DialogPrimitive.Title>
          <Sidebar
            navItems={navItems}
            onSignOut={() => {
              close();
              onSignOut();
            }}
            signingOut={signingOut}
            onNavigate={close}
          />
          <DialogPrimitive.Close
            aria-label="Close menu"
            className="absolute right-3 top-4 flex size-8 items-center justify-center rounded-md text-sidebar-foreground/80 hover:bg-sidebar-accent hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white/50"
          >
            <X className="size-4" aria-hidden="true" />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

export default MobileMenu;
