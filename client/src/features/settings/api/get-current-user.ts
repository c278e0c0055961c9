import { useQuery } from '@tanstack/react-query';

import { sessionQueryKey, sessionQueryOptions } from '@/lib/session';

/** The session's user, under the app's own key (GET /api/user), so a profile change updates the header too. */
export const currentUserKey = sessionQueryKey;
export const currentUserQueryOptions = sessionQueryOptions;

export function useCurrentUser() {
  return useQuery(sessionQueryOptions);
}
