import { useQuery } from '@tanstack/react-query';

import { sessionQueryOptions } from '@/lib/session';
import { useTenant } from '@/lib/tenant';
import type { TeamRole } from '@shared/team-role';
import type { PublicUser } from '@shared/schemas/user';

/**
 * The signed-in user's role in the business on screen (issue 16): the client itself and an admin (in
 * their own area or inside a client's) are owners; a team member has their membership's role, and a
 * member whose membership ended (or a session still loading) the least. The server decides what is allowed; this only hides what a
 * role cannot use.
 */
export function teamRoleOf(
  user: Pick<PublicUser, 'role' | 'team'> | null | undefined,
  viewingClient = false,
): TeamRole {
  if (viewingClient) return 'owner';
  // While the session loads (undefined), show the least: tabs and menus appear once the role is known.
  // With no session (null) the route guard sends the visitor to sign in; nothing is held back here.
  if (user === undefined) return 'responder';
  if (user === null || user.role !== 'member') return 'owner';
  return user.team?.role ?? 'responder';
}

/** The role of the signed-in user here (reads the session's cached GET /api/user). */
export function useTeamRole(): TeamRole {
  const { clientId } = useTenant();
  const { data: user } = useQuery(sessionQueryOptions);
  return teamRoleOf(user, clientId !== undefined);
}

/**
 * Whether the signed-in member works on some locations only (issue 42): adding a location is the whole
 * business's, so the server refuses it to them and the screens do not offer it.
 */
export function useLimitedToLocations(): boolean {
  const { clientId } = useTenant();
  const { data: user } = useQuery(sessionQueryOptions);
  return clientId === undefined && user?.role === 'member' && Boolean(user.team?.locationIds);
}
