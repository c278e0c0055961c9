import { queryOptions } from '@tanstack/react-query';
import type { PublicUser } from '@shared/schemas/user';
import { hasSignedInHint } from '@shared/signed-in-hint';

import { getQueryFn } from './query-client';

/** The session's query key (seed-spec section 7: GET /api/user, "none on 401"). */
export const sessionQueryKey = ['/api/user'] as const;

const askServer = getQueryFn<PublicUser>({ on401: 'returnNull' });

/**
 * The signed-in user, null when signed out: the one query every reader of the session uses (the route guard,
 * the header, the profile, the team role). A browser the server never gave a session (no readable hint beside
 * the httpOnly session cookie, shared/signed-in-hint.ts) is signed out without asking: the 401 of that GET
 * would be the console error of every signed-out page.
 */
export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: (context) => (hasSignedInHint(document.cookie) ? askServer(context) : null),
});
