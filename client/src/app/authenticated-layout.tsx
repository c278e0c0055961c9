import type { ReactNode } from 'react';

import { AppShell } from '@/components/layout/app-shell';
import { adminNavItems, clientNavItems } from '@/components/layout/nav-items';
import { useAdminClientName } from '@/features/admin/api/get-admin-client';
import { useUser } from '@/features/auth/api/get-user';
import { useLogout } from '@/features/auth/api/logout';
import { VerifyEmailBanner } from '@/features/auth/components/verify-email-banner';
import { teamRoleOf } from '@/lib/team-role';
import { useTenant } from '@/lib/tenant';
import { displayName } from '@shared/display-name';

/** Feeds the shell with the session: user, menu for the role (or the viewed client), sign out. */
export function AuthenticatedLayout({ children }: { children: ReactNode }) {
  const { data: user } = useUser();
  const logout = useLogout();
  const { clientId, routeBase } = useTenant();
  const clientName = useAdminClientName(clientId);

  if (!user) return null;

  const navItems =
    clientId !== undefined
      ? clientNavItems(routeBase)
      : user.role === 'admin'
        ? adminNavItems
        : clientNavItems('', teamRoleOf(user));

  return (
    <AppShell
      user={{ name: displayName(user), email: user.email }}
      navItems={navItems}
      onSignOut={() => logout.mutate()}
      signingOut={logout.isPending}
      adminView={clientId !== undefined ? { clientName } : undefined}
      banner={clientId === undefined ? <VerifyEmailBanner user={user} /> : undefined}
    >
      {children}
    </AppShell>
  );
}

export default AuthenticatedLayout;
