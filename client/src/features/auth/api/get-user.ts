import { useQuery } from '@tanstack/react-query';

import { sessionQueryKey, sessionQueryOptions } from '@/lib/session';

/** The session's query key (seed-spec section 7: GET /api/user, "none on 401"). */
export const userQueryKey = sessionQueryKey;
export const userQueryOptions = sessionQueryOptions;

/** The signed-in user, `null` when signed out, `undefined` while loading. */
export function useUser() {
  return useQuery(sessionQueryOptions);
}
