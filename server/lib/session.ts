import type { RequestHandler } from 'express';
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
/** A session unused this long ends (the cookie's age is renewed on every request). */
export const SESSION_IDLE_MS = 7 * 24 * HOUR;
/** However active, a session ends this long after sign-in. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * HOUR;

export function createSession(db: Database, secret: string) {
  const store = new DatabaseSessionStore(db);
  const middleware = session({
    name: SESSION_COOKIE,
    secret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: true,
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
  return { store, middleware };
}

/** Signs out a session older than the absolute lifetime. */
export const enforceAbsoluteLifetime: RequestHandler = (req, _res, next) => {
  const signedInAt = req.session?.signedInAt;
  if (!req.user || !signedInAt || Date.now() - signedInAt < SESSION_ABSOLUTE_MS) return next();
  req.logout((err) => {
    if (err) return next(err);
    req.session.destroy((destroyErr) => next(destroyErr));
  });
};
