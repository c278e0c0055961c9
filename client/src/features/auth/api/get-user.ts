import { queryOptions, useQuery } from '@tanstack/react-query';

import { getQueryFn } from '@/lib/query-client';
import type { PublicUser } from '@shared/schemas/user';

/** The session's query key (seed-spec section 7: GET /api/user, "none on 401"). */
export const userQueryKey = ['/api/user'] as const;

export const userQueryOptions = queryOptions({
  queryKey: userQueryKey,
  queryFn: getQueryFn<PublicUser>({ on401: 'returnNull' }),
});

/** The signed-in user, `null` when signed out, `undefined` while loading. */
export function useUser() {
  return useQuery(userQueryOptions);
}
