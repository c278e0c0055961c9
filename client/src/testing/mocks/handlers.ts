import { http, HttpResponse } from 'msw';

import type { PublicUser } from '@shared/schemas/user';

/**
 * Default API answers: nobody is signed in. Tests change the session with `signedInAs(user)` or override
 * any call with `server.use(...)`.
 */
export const handlers = [
  http.get('*/api/user', () => HttpResponse.json({ message: 'Not authenticated' }, { status: 401 })),
  http.post('*/api/logout', () => new HttpResponse(null, { status: 204 })),
];

export function signedInAs(user: PublicUser) {
  return http.get('*/api/user', () => HttpResponse.json(user));
}
