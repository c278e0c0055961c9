import { createHmac } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { hasSignedInHint, SIGNED_IN_HINT_COOKIE } from '@shared/signed-in-hint';
import session from 'express-session';
import type { Database } from '../db/client';
import { DatabaseSessionStore } from './session-store';

declare module 'express-session' {
  interface SessionData {
    signedInAt?: number;
  }
}

export const SESSION_COOKIE = 'rf.sid';
const HOUR = 60 * 60 * 1000;
/** A session unused this long ends (the cookie's age and the row's expiry are renewed at most once a minute). */
export const SESSION_IDLE_MS = 7 * 24 * HOUR;
/** However active, a session ends this long after sign-in. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * HOUR;

export function createSession(db: Database, secret: string) {
  const store = new DatabaseSessionStore(db);
  const load = session({
    name: SESSION_COOKIE,
    secret,
    store,
    resave: false,
    saveUninitialized: false,
    // Not rolling: a new cookie on every answer costs a signature and a header per request (issue 13).
    rolling: false,
    proxy: undefined, // follows the app's "trust proxy" setting
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      // Secure whenever the request came over TLS, so plain http://localhost still works.
      secure: 'auto',
      maxAge: SESSION_IDLE_MS,
      path: '/',
    },
  });
  /**
   * A session in use gets a fresh week once a minute, cookie and row together: the row as the store reads it, the
   * cookie here (same clock). Not by saving the session: a save writes the whole row and would bring back a
   * session that a concurrent sign-out or password change just deleted.
   */
  const renewCookie: RequestHandler = (req, res, next) => {
    const current = req.session;
    if (!current || !req.sessionRenewed) return next();
    current.touch();
    const { expires, httpOnly, sameSite, secure, path, domain } = current.cookie;
    // express-session's rule: a Secure cookie is only ever sent over TLS.
    if (secure !== true || req.secure) {
      res.cookie(SESSION_COOKIE, `s:${signedSessionId(req.sessionID, secret)}`, {
        expires: expires ?? undefined,
        httpOnly,
        sameSite,
        secure: secure === true,
        path,
        domain,
      });
      setSignedInHint(req, res);
    }
    next();
  };
  return { store, middleware: [load, renewCookie] };
}

/** The session id with its signature, as express-session signs it (cookie-signature) and reads it back. */
function signedSessionId(sid: string, secret: string): string {
  const mac = createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, '');
  return `${sid}.${mac}`;
}

/**
 * Stores the session now. express-session stores a changed session as the answer ends, but it sends the status
 * and headers first, and a browser follows a redirect on its headers: the next request could read the session
 * before the change is in. A route that changes the session and then redirects saves it first.
 */
export function saveSession(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
}

/** Gives the browser the readable signed-in hint (shared/signed-in-hint.ts), as long-lived as the session. */
export function setSignedInHint(req: Request, res: Response): void {
  res.cookie(SIGNED_IN_HINT_COOKIE, '1', {
    maxAge: SESSION_IDLE_MS,
    httpOnly: false,
    sameSite: 'lax',
    secure: req.secure,
    path: '/',
  });
}

export function clearSignedInHint(res: Response): void {
  res.clearCookie(SIGNED_IN_HINT_COOKIE, { path: '/' });
}

/**
 * Takes the hint from a browser whose session ended (expired, signed out elsewhere), so its next signed-out
 * page asks nothing. The hint is given at sign-in (logIn) and renewed with the session cookie (renewCookie).
 */
export const dropStaleSignedInHint: RequestHandler = (req, res, next) => {
  if (!req.user && hasSignedInHint(req.headers.cookie)) clearSignedInHint(res);
  next();
};

/** Signs out a session older than the absolute lifetime. */
export const enforceAbsoluteLifetime: RequestHandler = (req, _res, next) => {
  const signedInAt = req.session?.signedInAt;
  if (!req.user || !signedInAt || Date.now() - signedInAt < SESSION_ABSOLUTE_MS) return next();
  req.logout((err) => {
    if (err) return next(err);
    req.session.destroy((destroyErr) => next(destroyErr));
  });
};
