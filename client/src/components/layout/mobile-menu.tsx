import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef } from 'react';

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
  const contentRef = useRef<HTMLDivElement>(null);
  // The header's menu button is not a Radix trigger (this dialog loads apart from it), so Radix does not know
  // where to send the focus back: the element focused when the menu opened is remembered here.
  const openerRef = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay
          data-testid="mobile-menu-backdrop"
          className="rf-fade fixed inset-0 z-40 bg-black/50 md:hidden"
        />
        <DialogPrimitive.Content
          ref={contentRef}
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            const active = document.activeElement;
            openerRef.current = active instanceof HTMLElement && active !== document.body ? active : null;
            // Radix skips links when it picks the first focus, which lands on Sign out: start on the menu.
            const first = contentRef.current?.querySelector<HTMLElement>('nav a[href]');
            if (!first) return;
            event.preventDefault();
            first.focus();
          }}
          onCloseAutoFocus={(event) => {
            const opener = openerRef.current;
            if (!opener?.isConnected) return;
            event.preventDefault();
            opener.focus();
          }}
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
