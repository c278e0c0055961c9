import {
  Building2,
  CreditCard,
  Eye,
  FileText,
  LayoutDashboard,
  Lightbulb,
  Mail,
  Send,
  Settings,
  Star,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { roleAtLeast, type TeamRole } from '@shared/team-role';

export interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
  /** The least team role that uses this screen (issue 16); the menu leaves it out for less. */
  minRole?: TeamRole;
  /** Active only on this exact path (a section's home), not on its sub-pages. */
  exact?: boolean;
}

/**
 * The client menu (seed-spec section 1, with every client screen reachable from it). `routeBase` is '' for
 * the client's own area and '/admin/client/{id}' when an admin views that client; Review Insights and Review
 * Preview are the client's own screens.
 */
export function clientNavItems(routeBase = '', role: TeamRole = 'owner'): NavItem[] {
  const items: NavItem[] = [
    {
      label: 'Dashboard',
      href: routeBase || '/dashboard',
      icon: LayoutDashboard,
      exact: true,
      minRole: 'manager',
    },
    { label: 'Reviews', href: `${routeBase}/reviews`, icon: Star },
    { label: 'Get Reviews', href: `${routeBase}/get-reviews`, icon: Send, minRole: 'manager' },
    { label: 'Contacts', href: `${routeBase}/contacts`, icon: Users, minRole: 'manager' },
    { label: 'Templates', href: `${routeBase}/templates`, icon: FileText, minRole: 'manager' },
    ...(routeBase
      ? []
      : [
          {
            label: 'Review Insights',
            href: '/optimized-reviews',
            icon: Lightbulb,
            minRole: 'manager' as const,
          },
          { label: 'Review Preview', href: '/review-preview', icon: Eye, minRole: 'manager' as const },
        ]),
    { label: 'Settings', href: `${routeBase}/settings`, icon: Settings },
  ];
  return items.filter((item) => !item.minRole || roleAtLeast(role, item.minRole));
}

/** The admin menu (seed-spec section 1). */
export const adminNavItems: NavItem[] = [
  { label: 'Dashboard', href: '/admin', icon: LayoutDashboard, exact: true },
  { label: 'Clients', href: '/admin/clients', icon: Building2 },
  { label: 'Plans', href: '/admin/plans', icon: CreditCard },
  { label: 'Email Testing', href: '/admin/email-test', icon: Mail },
];

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  if (item.exact) return pathname === item.href;
  return pathname === item.href || pathname.startsWith(`${item.href}/`);
}
