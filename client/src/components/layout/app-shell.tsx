import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';

import { DialogLoading } from '@/components/ui/spinner';
import { usePageTitle } from '@/lib/page-title';
import { preloader } from '@/lib/preloader';
import { useIsMobile } from '@/lib/use-mobile';

import { AdminViewBanner, type AdminViewInfo } from './admin-view-banner';
import { Header } from './header';
import { OfflineBanner } from './offline-notice';
import type { NavItem } from './nav-items';
import { Sidebar } from './sidebar';
import type { ShellUser } from './user-menu';

// The overlay menu (a Radix dialog) loads when first opened: most screens never open it (issue 13).
const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(loadMobileMenu);
const preloadMobileMenu = preloader(loadMobileMenu);

export interface AppShellProps {
  user: ShellUser;
  navItems: NavItem[];
  onSignOut: () => void;
  signingOut?: boolean;
  /** Set while an admin views a client's area: shows the 'Admin View' banner. */
  adminView?: AdminViewInfo;
  /** A notice above the header on every screen (e.g. "Confirm your email"). */
  banner?: ReactNode;
  children: ReactNode;
}

/** Locks the page behind the mobile menu so it does not scroll under the finger. */
function useBodyScrollLock(locked: boolean): void {
  useEffect(() => {
    if (!locked) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [locked]);
}

/**
 * The page shell of every signed-in screen (seed-spec section 2): sidebar from 768 px up, an overlay
 * sidebar below it; header with the page title, notifications, theme and user menu; footer.
 */
export function AppShell({
  user,
  navItems,
  onSignOut,
  signingOut,
  adminView,
  banner,
  children,
}: AppShellProps) {
  const title = usePageTitle();
  const isMobile = useIsMobile();
  // The overlay remembers the title it was opened on: when the page title changes it is closed,
  // without an effect to sync it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = isMobile && menuOpenOn === title;
  const closeMenu = () => setMenuOpenOn(null);
  // Mounted on first open, then kept, so it closes with its animation.
  const [menuMounted, setMenuMounted] = useState(false);
  const openMenu = () => {
    setMenuMounted(true);
    setMenuOpenOn(title);
  };

  useBodyScrollLock(menuOpen);

  const year = new Date().getFullYear();

  return (
    <div className="flex min-h-dvh bg-muted/40">
      {/* The first Tab stop: past the sidebar's links straight to the page (WCAG 2.4.1 Bypass Blocks). */}
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-foreground focus:shadow-lg focus:ring-2 focus:ring-ring"
      >
        Skip to content
      </a>
      <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 md:block" aria-label="Sidebar">
        <Sidebar navItems={navItems} onSignOut={onSignOut} signingOut={signingOut} />
      </aside>

      {menuMounted ? (
        <Suspense fallback={<DialogLoading label="Opening menu…" />}>
          <MobileMenu
            open={menuOpen}
            onOpenChange={(open) => (open ? setMenuOpenOn(title) : closeMenu())}
            navItems={navItems}
            onSignOut={onSignOut}
            signingOut={signingOut}
          />
        </Suspense>
      ) : null}

      <div className="flex min-w-0 flex-1 flex-col">
        {adminView ? <AdminViewBanner {...adminView} /> : null}
        <OfflineBanner />
        {banner}
        <Header
          title={title}
          user={user}
          onOpenMenu={openMenu}
          onPreloadMenu={preloadMobileMenu}
          onSignOut={onSignOut}
          signingOut={signingOut}
        />
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 outline-none px-4 py-6 sm:px-6 lg:px-8">
          <div className="mx-auto w-full max-w-7xl">{children}</div>
        </main>
        <footer className="border-t px-4 py-4 text-center text-xs text-muted-foreground sm:px-6">
          © {year} ReviewFlow. All rights reserved.
        </footer>
      </div>
    </div>
  );
}
