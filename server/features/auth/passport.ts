import { Authenticator } from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import type { Request } from 'express';
import { LoginSchema } from '@shared/schemas/auth';
import { sessionOwnerOf } from '../../lib/session-store';
import { activeOrNone, type AuthService } from './auth.service';
import type { UserRow } from './users.repository';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends UserRow {}
  }
}

export type PassportInstance = InstanceType<typeof Authenticator>;

/** One Passport instance per app, so several apps (tests) never share strategies. */
export function createPassport(auth: AuthService): PassportInstance {
  const passport = new Authenticator();

  passport.use(
    new LocalStrategy({ usernameField: 'email', passwordField: 'password' }, (email, password, done) => {
      const credentials = LoginSchema.parse({ email, password });
      auth
        .signIn(credentials)
        .then(
          (result) => (result.ok ? done(null, result.user) : done(null, false, { message: result.message })),
          done,
        );
    }),
  );

  passport.serializeUser<number>((user, done) => done(null, user.id));
  passport.deserializeUser<number, Request>((req, id, done) => {
    // A removed or disabled account simply has no user: its session is signed out. The session store has
    // usually read the user with the session, in the same statement; only a session row that does not name
    // its user (written before sessions.user_id existed) costs a query of its own.
    const owner = sessionOwnerOf(req, id);
    if (owner) return done(null, activeOrNone(owner.user) ?? false);
    auth.activeUser(id).then((user) => done(null, user ?? false), done);
  });

  return passport;
}
