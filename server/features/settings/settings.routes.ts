import { Router, type RequestHandler } from 'express';
import { ChangePasswordSchema, DeleteAccountSchema, UpdateProfileSchema } from '@shared/schemas/settings';
import type { AppContext } from '../../lib/context';
import { forbidden } from '../../lib/errors';
import { createRateLimiter } from '../../lib/rate-limit';
import { tenantOf } from '../../middleware/tenant';
import { validate } from '../../middleware/validate';
import { clearSignedInHint, SESSION_COOKIE } from '../../lib/session';
import { createBillingService } from '../billing';
import { settingsServiceFor } from './settings.service';

export const OWN_ACCOUNT_ONLY = "Only the account's owner can change its profile and password.";
/** Each try checks the current password with scrypt: a handful per account, then wait (issue 12, item 3). */
export const PASSWORD_CHANGES_PER_WINDOW = 5;
const PASSWORD_WINDOW_MS = 15 * 60 * 1000;

/**
 * The signed-in user's own account. Mounted in the client router, so it also appears under an admin's
 * /api/admin/clients/{id}/... mirror: there the tenant is not the user, and a client's credentials are
 * not the admin's to change.
 */
const ownAccountOnly: RequestHandler = (req, _res, next) => {
  // A team member's own login is theirs to change; the business's account is not (issue 16).
  const own = req.user!.id === tenantOf(req) || req.user!.role === 'member';
  next(own ? undefined : forbidden(OWN_ACCOUNT_ONLY));
};

export function createSettingsRoutes(ctx: AppContext): Router {
  const router = Router();
  const service = settingsServiceFor(ctx);
  const passwordLimiter = createRateLimiter({
    db: ctx.db,
    name: 'password-change',
    limit: PASSWORD_CHANGES_PER_WINDOW,
    windowMs: PASSWORD_WINDOW_MS,
    message: 'Too many password changes. Please wait 15 minutes and try again.',
    key: (req) => `user:${req.user!.id}`,
  });

  router.patch(
    '/user',
    ownAccountOnly,
    validate({ body: UpdateProfileSchema }, async ({ body }, req, res) => {
      res.json(await service.updateProfile(req.user!.id, body));
    }),
  );

  router.post(
    '/user/password',
    ownAccountOnly,
    passwordLimiter,
    validate({ body: ChangePasswordSchema }, async ({ body }, req, res) => {
      await service.changePassword(req.user!.id, body, req.sessionID);
      res.status(204).end();
    }),
  );

  const billing = createBillingService(ctx);
  router.delete(
    '/user',
    ownAccountOnly,
    passwordLimiter,
    validate({ body: DeleteAccountSchema }, async ({ body }, req, res) => {
      await service.deleteAccount(req.user!.id, body, billing.cancelSubscriptionNow);
      // The session row is gone with the others; this ends the one in hand and its cookie.
      await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
      res.clearCookie(SESSION_COOKIE, { path: '/' });
      clearSignedInHint(res);
      res.status(204).end();
    }),
  );

  return router;
}
