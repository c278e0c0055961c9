/**
 * A cookie the page can read that says "this browser was given a session" (the session cookie itself is
 * httpOnly). It holds no secret and grants nothing: it only spares a signed-out visitor's page the GET
 * /api/user whose 401 every browser logs as a console error (issue 43). The server sets it with the session,
 * renews it with the session, and clears it on sign-out or when a request comes without a session.
 */
export const SIGNED_IN_HINT_COOKIE = 'rf_signed_in';

/** Whether a Cookie header (or document.cookie) carries the hint. */
export function hasSignedInHint(cookies: string | undefined): boolean {
  return (cookies ?? '').split(';').some((part) => part.trim() === `${SIGNED_IN_HINT_COOKIE}=1`);
}
