import type { PublicUser } from '@shared/schemas/user';

/**
 * Where a user lands after signing in (seed-spec section 4): /admin for admins, else /dashboard; a team
 * responder (issue 16) has no dashboard and lands on the reviews.
 */
export function homePathFor(user: Pick<PublicUser, 'role' | 'team'>): '/admin' | '/dashboard' | '/reviews' {
  if (user.role === 'admin') return '/admin';
  if (user.role === 'member' && (user.team?.role ?? 'responder') === 'responder') return '/reviews';
  return '/dashboard';
}
