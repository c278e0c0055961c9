import type { ReactNode } from 'react';
import { Redirect } from 'wouter';

import { OfflinePage } from '@/components/layout/offline-notice';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useUser } from '@/features/auth/api/get-user';
import { homePathFor } from '@/features/auth/api/home-path';
import { teamRoleOf } from '@/lib/team-role';
import { roleAtLeast, type TeamRole } from '@shared/team-role';

import type { Access } from './routes';

/**
 * Access behaviour of seed-spec section 2: a spinner while the user loads, signed-out users go to /auth,
 * non-admins on admin routes go to /.
 */
export function RequireAccess({
  access,
  minRole,
  children,
}: {
  access: Access;
  minRole?: TeamRole;
  children: ReactNode;
}) {
  const { data: user, isPending, fetchStatus } = useUser();

  // Opened without a network: the session is asked once it is back.
  if (isPending && fetchStatus === 'paused') return <OfflinePage />;
  if (isPending) return <FullPageSpinner label="Loading your account…" />;
  // A failed session check (server down) counts as signed out: the auth screen is the way back in.
  if (!user) return <Redirect to="/auth" replace />;
  if (access === 'admin' && user.role !== 'admin') return <Redirect to="/" replace />;
  // A team member's role (issue 16): a screen beyond it sends them home rather than to a page of 403s.
  if (minRole && !roleAtLeast(teamRoleOf(user), minRole)) return <Redirect to={homePathFor(user)} replace />;
  return children;
}
