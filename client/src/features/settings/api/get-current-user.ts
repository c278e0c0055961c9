import { queryOptions, useQuery } from '@tanstack/react-query';

import { getQueryFn } from '@/lib/query-client';
import type { PublicUser } from '@shared/schemas/user';

/** The session's user, under the app's own key (GET /api/user), so a profile change updates the header too. */
export const currentUserKey = ['/api/user'] as const;

export const currentUserQueryOptions = queryOptions({
  queryKey: currentUserKey,
  queryFn: getQueryFn<PublicUser>({ on401: 'returnNull' }),
});

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions);
}
