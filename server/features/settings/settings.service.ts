import {
  CURRENT_PASSWORD_INCORRECT,
  type ChangePasswordInput,
  type DeleteAccountInput,
  type UpdateProfileInput,
} from '@shared/schemas/settings';
import type { PublicUser } from '@shared/schemas/user';
import { EMAIL_VERIFICATION_MESSAGES } from '@shared/schemas/account';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { toPublicUser } from '../auth/auth.service';
import type { AppContext } from '../../lib/context';
import { createSettingsRepository, isUniqueViolation, type SettingsRepository } from './settings.repository';

export const ADMIN_CANNOT_DELETE_SELF =
  'An admin account cannot be deleted from its own settings. Another admin can remove it.';

export const EMAIL_TAKEN = 'An account with this email already exists';

export function createSettingsService(repo: SettingsRepository) {
  return {
    async updateProfile(userId: number, input: UpdateProfileInput): Promise<PublicUser> {
      // A new address needs the password and a link to it (POST /api/user/email), never a plain save.
      const current = await repo.findUser(userId);
      if (!current) throw notFound('Account not found');
      if (input.email.toLowerCase() !== current.email.toLowerCase()) {
        throw badRequest(EMAIL_VERIFICATION_MESSAGES.useChangeEmail, {
          email: [EMAIL_VERIFICATION_MESSAGES.useChangeEmail],
        });
      }
      try {
        const row = await repo.updateProfile(userId, input);
        if (!row) throw notFound('Account not found');
        return toPublicUser(row);
      } catch (err) {
        // users_email_lower_unique: the email is taken by another account, whatever its case.
        if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN, 'email_taken');
        throw err;
      }
    },

    /** Checks the current password, stores the new hash and signs out every other session. */
    async changePassword(userId: number, input: ChangePasswordInput, sessionId: string): Promise<void> {
      const user = await repo.findUser(userId);
      if (!user) throw notFound('Account not found');
      if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
        throw badRequest(
          CURRENT_PASSWORD_INCORRECT,
          { currentPassword: [CURRENT_PASSWORD_INCORRECT] },
          'current_password_incorrect',
        );
      }
      await repo.changePassword(userId, await hashPassword(input.newPassword), sessionId);
    },

    /**
     * Deletes the account after checking its password: the subscription is cancelled at Stripe first (if
     * that fails the account stays, so nobody is billed for an account that is gone), then the user, their
     * rows and every session of theirs.
     */
    async deleteAccount(
      userId: number,
      input: DeleteAccountInput,
      cancelSubscription: (ownerId: number) => Promise<void>,
    ): Promise<void> {
      const user = await repo.findUser(userId);
      if (!user) throw notFound('Account not found');
      if (user.role === 'admin') throw forbidden(ADMIN_CANNOT_DELETE_SELF);
      if (!(await verifyPassword(input.password, user.passwordHash))) {
        throw badRequest(CURRENT_PASSWORD_INCORRECT, { password: [CURRENT_PASSWORD_INCORRECT] });
      }
      await cancelSubscription(userId);
      await repo.deleteAccount(userId);
    },
  };
}

/** The service over the app's database, as its routes use it (routes never build a repository). */
export function settingsServiceFor(ctx: Pick<AppContext, 'db' | 'env'>) {
  return createSettingsService(createSettingsRepository(ctx.db));
}
