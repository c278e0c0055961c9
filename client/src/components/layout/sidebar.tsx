import { CircleHelp, LogOut, Star } from 'lucide-react';
import { Link, useLocation } from 'wouter';

import { cn } from '@/lib/utils';

import { isNavItemActive, type NavItem } from './nav-items';

interface SidebarProps {
  navItems: NavItem[];
  onSignOut: () => void;
  signingOut?: boolean;
  /** Called after any navigation from the sidebar (the mobile overlay closes itself). */
  onNavigate?: () => void;
  className?: string;
}

export const HELP_CENTER_HREF = '/help';

/** The sidebar's content: brand, menu, Help Center and Sign out. Placed by AppShell. */
export function Sidebar({ navItems, onSignOut, signingOut, onNavigate, className }: SidebarProps) {
  const [pathname] = useLocation();

  return (
    <div className={cn('flex h-full flex-col bg-sidebar text-sidebar-foreground', className)}>
      <div className="flex h-16 shrink-0 items-center px-5">
        <Link
          href="/"
          onClick={onNavigate}
          className="flex items-center gap-2.5 rounded-md text-lg font-semibold tracking-tight text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white/60"
        >
          <span className="bg-brand-gradient flex size-8 items-center justify-center rounded-lg shadow-sm ring-1 ring-white/20">
            <Star className="size-4 fill-white text-white" aria-hidden="true" />
          </span>
          ReviewFlow
        </Link>
      </div>

      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-2">
        <ul className="grid gap-1">
          {navItems.map((item) => {
            const active = isNavItemActive(item, pathname);
            const Icon = item.icon;
            return (
              <li key={item.href}>
                <Link
                  href={item.href}
                  onClick={onNavigate}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white/50',
                    active
                      ? 'bg-sidebar-accent text-white shadow-sm'
                      : 'text-sidebar-foreground/80 hover:bg-sidebar-accent/60 hover:text-white',
                  )}
                >
                  <Icon className={cn('size-4 shrink-0', active && 'text-indigo-300')} aria-hidden="true" />
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="grid gap-1 border-t border-white/10 px-3 py-3">
        <Link
          href={HELP_CENTER_HREF}
          onClick={onNavigate}
          className="flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium text-sidebar-foreground/80 transition-colors hover:bg-sidebar-accent/60 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white/50"
        >
          <CircleHelp className="size-4" aria-hidden="true" />
          Help Center
        </Link>
        <button
          type="button"
          onClick={onSignOut}
          disabled={signingOut}
          className="flex items-center gap-3 rounded-md px-3 py-2.5 text-left text-sm font-medium text-sidebar-foreground/80 transition-colors hover:bg-sidebar-accent/60 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white/50 disabled:opacity-60"
        >
          <LogOut className="size-4" aria-hidden="true" />
          Sign out
        </button>
      </div>
    </div>
  );
}
