import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { TeamRole } from '@shared/team-role';

/**
 * The route table (seed-spec section 2). Every page is lazy-loaded, so each route is its own chunk.
 * Signed-in routes declare the title the header shows and who may open them; admin-in-client routes
 * render the client's own page components inside a tenant context (lib/tenant.tsx).
 */

type Page = LazyExoticComponent<ComponentType>;

export type Access = 'client' | 'admin';

export interface ShellRoute {
  path: string;
  title: string;
  /** 'client': any signed-in user; 'admin': admins only (others go to /). */
  access: Access;
  page: Page;
  /** The path holds the viewed client's id (`:id`): the page runs in that client's tenant. */
  tenant?: boolean;
  /** The least team role that may open it (issue 16); others go to their home. The server decides anyway. */
  minRole?: TeamRole;
}

export interface PublicRoute {
  path: string;
  page: Page;
}

export interface RedirectRoute {
  path: string;
  to: (params: Record<string, string | undefined>) => string;
}

// Public screens (no shell). The customer's review page (/review/:link) is not here: it is its own entry,
// client/review.html, which the server answers for that path.
const LandingPage = lazy(() => import('@/features/marketing/landing-page'));
const AuthPage = lazy(() => import('@/features/auth/components/auth-page'));
const VerifyEmailPage = lazy(() => import('@/features/auth/components/verify-email-page'));
const AcceptInvitationPage = lazy(() => import('@/features/auth/components/accept-invitation-page'));
const OAuthErrorPage = lazy(() => import('@/features/legal/oauth-error-page'));
const PrivacyPolicyPage = lazy(() => import('@/features/legal/privacy-policy-page'));
const TermsOfServicePage = lazy(() => import('@/features/legal/terms-of-service-page'));
const HelpPage = lazy(() => import('@/features/legal/help-page'));
const ProofPage = lazy(() => import('@/features/proof/components/proof-page'));

// Client area (also rendered for an admin inside /admin/client/{id}/...).
const DashboardPage = lazy(() => import('@/features/dashboard/components/dashboard-page'));
const ReviewsPage = lazy(() => import('@/features/reviews/components/reviews-page'));
const ContactsPage = lazy(() => import('@/features/contacts/components/contacts-page'));
const TemplatesPage = lazy(() => import('@/features/templates/components/templates-page'));
const SettingsPage = lazy(() => import('@/features/settings/components/settings-page'));
const GetReviewsPage = lazy(() => import('@/features/requests/components/get-reviews-page'));
const CheckoutPage = lazy(() => import('@/features/billing/components/checkout-page'));
const SubscribePage = lazy(() => import('@/features/billing/components/subscribe-page'));
const SystemTestPage = lazy(() => import('@/features/support/components/system-test-page'));
const OptimizedReviewsPage = lazy(() => import('@/features/insights/components/insights-page'));
const EmailTestPage = lazy(() => import('@/features/email-test/components/email-test-page'));
const ReviewPreviewPage = lazy(() => import('@/features/review-preview/components/review-preview-page'));
const DebugPage = lazy(() => import('@/features/support/components/debug-page'));

// Admin area.
const AdminDashboardPage = lazy(() => import('@/features/admin/components/admin-dashboard-page'));
const ClientsPage = lazy(() => import('@/features/admin/components/clients-page'));
const PlansPage = lazy(() => import('@/features/admin/components/plans-page'));
const EmailTestingPage = lazy(() => import('@/features/admin/components/email-testing-page'));

export const publicRoutes: PublicRoute[] = [
  { path: '/', page: LandingPage },
  { path: '/auth', page: AuthPage },
  { path: '/verify-email', page: VerifyEmailPage },
  { path: '/invite/:token', page: AcceptInvitationPage },
  { path: '/oauth-error', page: OAuthErrorPage },
  { path: '/privacy-policy', page: PrivacyPolicyPage },
  { path: '/terms-of-service', page: TermsOfServicePage },
  { path: '/help', page: HelpPage },
  { path: '/proof/:slug', page: ProofPage },
];

export const redirectRoutes: RedirectRoute[] = [
  { path: '/integrations', to: () => '/settings?tab=integrations' },
  { path: '/plans', to: () => '/settings?tab=plan' },
  { path: '/admin/client/:id/integrations', to: ({ id }) => `/admin/client/${id}/settings?tab=integrations` },
];

export const shellRoutes: ShellRoute[] = [
  { path: '/dashboard', title: 'Dashboard', access: 'client', page: DashboardPage, minRole: 'manager' },
  { path: '/reviews', title: 'Reviews', access: 'client', page: ReviewsPage },
  { path: '/contacts', title: 'Contacts', access: 'client', page: ContactsPage, minRole: 'manager' },
  { path: '/templates', title: 'Templates', access: 'client', page: TemplatesPage, minRole: 'manager' },
  { path: '/settings', title: 'Settings', access: 'client', page: SettingsPage },
  { path: '/checkout/:planId', title: 'Checkout', access: 'client', page: CheckoutPage, minRole: 'owner' },
  { path: '/subscribe', title: 'Subscribe', access: 'client', page: SubscribePage, minRole: 'owner' },
  { path: '/system-test', title: 'System Test', access: 'client', page: SystemTestPage, minRole: 'owner' },
  {
    path: '/optimized-reviews',
    title: 'Review Insights',
    access: 'client',
    page: OptimizedReviewsPage,
    minRole: 'manager',
  },
  { path: '/email-test', title: 'Email Test', access: 'client', page: EmailTestPage, minRole: 'owner' },
  {
    path: '/review-preview',
    title: 'Review Preview',
    access: 'client',
    page: ReviewPreviewPage,
    minRole: 'manager',
  },
  { path: '/get-reviews', title: 'Get Reviews', access: 'client', page: GetReviewsPage, minRole: 'manager' },
  { path: '/debug', title: 'Debug', access: 'client', page: DebugPage, minRole: 'owner' },

  { path: '/admin', title: 'Admin Dashboard', access: 'admin', page: AdminDashboardPage },
  { path: '/admin/clients', title: 'Clients', access: 'admin', page: ClientsPage },
  { path: '/admin/plans', title: 'Plans', access: 'admin', page: PlansPage },
  { path: '/admin/email-test', title: 'Email Testing', access: 'admin', page: EmailTestingPage },

  { path: '/admin/client/:id', title: 'Dashboard', access: 'admin', page: DashboardPage, tenant: true },
  { path: '/admin/client/:id/reviews', title: 'Reviews', access: 'admin', page: ReviewsPage, tenant: true },
  {
    path: '/admin/client/:id/contacts',
    title: 'Contacts',
    access: 'admin',
    page: ContactsPage,
    tenant: true,
  },
  {
    path: '/admin/client/:id/templates',
    title: 'Templates',
    access: 'admin',
    page: TemplatesPage,
    tenant: true,
  },
  {
    path: '/admin/client/:id/settings',
    title: 'Settings',
    access: 'admin',
    page: SettingsPage,
    tenant: true,
  },
  {
    path: '/admin/client/:id/get-reviews',
    title: 'Get Reviews',
    access: 'admin',
    page: GetReviewsPage,
    tenant: true,
  },
];
