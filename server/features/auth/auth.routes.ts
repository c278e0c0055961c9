import { Router, type NextFunction, type Request, type Response } from 'express';
import {
  ForgotPasswordSchema,
  LoginSchema,
  PASSWORD_RESET_MESSAGES,
  RegisterSchema,
  ResetPasswordSchema,
} from '@shared/schemas/auth';
import type { UserTeam } from '@shared/schemas/team';
import { ChangeEmailSchema, EMAIL_VERIFICATION_MESSAGES, VerifyEmailSchema } from '@shared/schemas/account';
import { AppError, unauthorized } from '../../lib/errors';
import { clearSignedInHint, setSignedInHint } from '../../lib/session';
import { requireAuth } from '../../middleware/auth';
import { validate } from '../../middleware/validate';
import { INVALID_CREDENTIALS, toPublicUser, type AuthService } from './auth.service';
import type { LoginThrottle } from './login-throttle';
import type { EmailVerificationService } from './email-verification.service';
import type { createPasswordResetService } from './password-reset.service';
import type { PassportInstance } from './passport';
import type { UserRow } from './auth.service';

interface AuthRoutesDeps {
  auth: AuthService;
  throttle: LoginThrottle;
  passport: PassportInstance;
  authLimiter: (req: Request, res: Response, next: NextFunction) => void;
  sessionCookieName: string;
  passwordReset: ReturnType<typeof createPasswordResetService>;
  verification: EmailVerificationService;
  /** Per signed-in user: resending links and asking for email changes (each sends mail). */
  accountMailLimiter: (req: Request, res: Response, next: NextFunction) => void;
  /** The signed-in user's business and role in it (issue 16): GET /api/user tells the SPA. */
  teamOf: (user: UserRow, req: Request) => Promise<UserTeam | null>;
}

/** Passport 0.7 regenerates the session id inside req.login, so a signed-in session is always new. */
export function logIn(req: Request, user: UserRow): Promise<void> {
  return new Promise((resolve, reject) => {
    req.login(user, (err) => {
      if (err) return reject(err);
      req.session.signedInAt = Date.now();
      setSignedInHint(req, req.res!);
      resolve();
    });
  });
}

function authenticate(passport: PassportInstance, req: Request, res: Response): Promise<UserRow> {
  return new Promise((resolve, reject) => {
    passport.authenticate(
      'local',
      { session: false },
      (err: unknown, user: UserRow | false, info?: { message?: string }) => {
        if (err) return reject(err);
        if (!user) return reject(unauthorized(info?.message ?? INVALID_CREDENTIALS, 'invalid_credentials'));
        resolve(user);
      },
    )(req, res, reject);
  });
}

export function createAuthRoutes({
  auth,
  throttle,
  passport,
  authLimiter,
  sessionCookieName,
  passwordReset,
  verification,
  accountMailLimiter,
  teamOf,
}: AuthRoutesDeps): Router {
  const router = Router();
  /** The user as every sign-in answers it: with their business and role, so the SPA lands in the right place. */
  const withTeam = async (user: UserRow, req: Request) => ({
    ...toPublicUser(user),
    team: await teamOf(user, req),
  });

  router.post(
    '/forgot-password',
    authLimiter,
    validate({ body: ForgotPasswordSchema }, async ({ body }, req, res) => {
      res.json({ message: PASSWORD_RESET_MESSAGES.sent });
      // After the answer, whatever happens: the same answer, in the same time, for every email.
      passwordReset
        .requestReset(body.email)
        .catch((err: unknown) => req.log?.error({ err }, 'password reset email not sent'));
    }),
  );

  router.post(
    '/reset-password',
    authLimiter,
    validate({ body: ResetPasswordSchema }, async ({ body }, _req, res) => {
      await passwordReset.reset(body);
      res.json({ message: PASSWORD_RESET_MESSAGES.done });
    }),
  );

  router.post(
    '/register',
    authLimiter,
    validate({ body: RegisterSchema }, async ({ body }, req, res) => {
      const user = await auth.register(body);
      // Before the answer, so the account's rows are all written when the client hears 201; a mail failure
      // never fails the registration (the banner's Resend sends another link).
      await verification
        .sendWelcome(user)
        .catch((err: unknown) => req.log?.error({ err }, 'welcome email not sent'));
      await logIn(req, user);
      res.status(201).json(await withTeam(user, req));
    }),
  );

  router.post(
    '/login',
    authLimiter,
    validate({ body: LoginSchema }, async ({ body }, req, res) => {
      // Counted before the password is checked: parallel guesses cannot all be tried.
      const ip = req.ip ?? 'unknown';
      const verdict = await throttle.begin(body.email, ip);
      if (!verdict.allowed) {
        res.setHeader('Retry-After', String(verdict.waitSeconds));
        throw new AppError(
          429,
          `Too many failed sign-in attempts for this account. Try again in ${verdict.waitSeconds} seconds.`,
        );
      }
      req.body = body;
      const user = await authenticate(passport, req, res);
      await throttle.succeeded(body.email, ip);
      await logIn(req, user);
      res.json(await withTeam(user, req));
    }),
  );

  router.post('/logout', async (req, res) => {
    await new Promise<void>((resolve, reject) => req.logout((err) => (err ? reject(err) : resolve())));
    await new Promise<void>((resolve, reject) =>
      req.session.destroy((err) => (err ? reject(err) : resolve())),
    );
    res.clearCookie(sessionCookieName, { path: '/' });
    clearSignedInHint(res);
    res.status(204).end();
  });

  router.get('/user', requireAuth, async (req, res) => {
    res.json(await withTeam(req.user!, req));
  });

  // Email verification (issue 11). The link works signed in or not: it may be opened on another device.
  router.post(
    '/verify-email',
    authLimiter,
    validate({ body: VerifyEmailSchema }, async ({ body }, req, res) => {
      const opener = req.user ? { sessionId: req.sessionID, userId: req.user.id } : null;
      res.json(await verification.verify(body.token, opener));
    }),
  );

  router.post('/verify-email/resend', requireAuth, authLimiter, accountMailLimiter, async (req, res) => {
    await verification.resend(req.user!.id);
    res.json({ message: EMAIL_VERIFICATION_MESSAGES.sent });
  });

  // The signed-in user's own address (never mirrored into an admin's view of a client).
  router.get('/user/email', requireAuth, async (req, res) => {
    res.json(await verification.status(req.user!.id));
  });

  router.post(
    '/user/email',
    requireAuth,
    accountMailLimiter,
    validate({ body: ChangeEmailSchema }, async ({ body }, req, res) => {
      res.json(await verification.requestChange(req.user!.id, body, req.sessionID));
    }),
  );

  return router;
}
