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

export interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
  /** Active only on this exact path (a section's home), not on its sub-pages. */
  exact?: boolean;
}

/**
 * The client menu (seed-spec section 1, with every client screen reachable from it). `routeBase` is '' for
 * the client's own area and '/admin/client/{id}' when an admin views that client; Review Insights and Review
 * Preview are the client's own screens.
 */
export function clientNavItems(routeBase = ''): NavItem[] {
  return [
    { label: 'Dashboard', href: routeBase || '/dashboard', icon: LayoutDashboard, exact: true },
    { label: 'Reviews', href: `${routeBase}/reviews`, icon: Star },
    { label: 'Get Reviews', href: `${routeBase}/get-reviews`, icon: Send },
    { label: 'Contacts', href: `${routeBase}/contacts`, icon: Users },
    { label: 'Templates', href: `${routeBase}/templates`, icon: FileText },
    ...(routeBase
      ? []
      : [
          { label: 'Review Insights', href: '/optimized-reviews', icon: Lightbulb },
          { label: 'Review Preview', href: '/review-preview', icon: Eye },
        ]),
    { label: 'Settings', href: `${routeBase}/settings`, icon: Settings },
  ];
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
