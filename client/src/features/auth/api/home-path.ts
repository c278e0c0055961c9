import type { PublicUser } from '@shared/schemas/user';

/** Where a user lands after signing in (seed-spec section 4): /admin for admins, else /dashboard. */
export function homePathFor(user: Pick<PublicUser, 'role'>): '/admin' | '/dashboard' {
  return user.role === 'admin' ? '/admin' : '/dashboard';
}
