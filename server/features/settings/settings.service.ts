import {
  CURRENT_PASSWORD_INCORRECT,
  type ChangePasswordInput,
  type DeleteAccountInput,
  type UpdateProfileInput,
} from '@shared/schemas/settings';
import type { PublicUser } from '@shared/schemas/user';
import { EMAIL_VERIFICATION_MESSAGES } from '@shared/schemas/account';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { emailTaken, toPublicUser } from '../auth';
import type { Transaction } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { createSettingsRepository, type SettingsRepository } from './settings.repository';
import { isUniqueViolation } from '../../db/unique-violation';

export const ADMIN_CANNOT_DELETE_SELF =
  'An admin account cannot be deleted from its own settings. Another admin can remove it.';

/** Ends a client's Stripe subscription now (billing.service.ts); throws, keeping the account, when it cannot. */
export type CancelSubscription = (ownerId: number) => Promise<void>;

/**
 * Deletes an account: the one path for a client deleting their own (DELETE /api/user) and the admin deleting
 * a client (DELETE /api/admin/clients/:id). The subscription is cancelled at Stripe first (if that fails the
 * account stays, so nobody is billed for an account that is gone), then the user, their rows, their team's
 * logins and every session go in one transaction, with whatever the caller adds to it (`alongside`); their
 * files go once it has committed. Jobs already queued for the account find their rows gone and send nothing.
 */
export type DeleteAccount = (
  userId: number,
  options: { cancelSubscription: CancelSubscription; alongside?: (tx: Transaction) => Promise<void> },
) => Promise<void>;

export function createAccountDeletion(repo: Pick<SettingsRepository, 'deleteAccount'>): DeleteAccount {
  return async (userId, { cancelSubscription, alongside }) => {
    await cancelSubscription(userId);
    await repo.deleteAccount(userId, alongside);
  };
}

export function createSettingsService(repo: SettingsRepository) {
  const deleteAccount = createAccountDeletion(repo);
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
        if (isUniqueViolation(err)) throw emailTaken();
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

    /** Deletes the account after checking its password (createAccountDeletion says what goes, and when). */
    async deleteAccount(
      userId: number,
      input: DeleteAccountInput,
      cancelSubscription: CancelSubscription,
    ): Promise<void> {
      const user = await repo.findUser(userId);
      if (!user) throw notFound('Account not found');
      if (user.role === 'admin') throw forbidden(ADMIN_CANNOT_DELETE_SELF);
      if (!(await verifyPassword(input.password, user.passwordHash))) {
        throw badRequest(CURRENT_PASSWORD_INCORRECT, { password: [CURRENT_PASSWORD_INCORRECT] });
      }
      await deleteAccount(userId, { cancelSubscription });
    },
  };
}

/** The account deletion over the app's database, for the admin's DELETE /api/admin/clients/:id. */
export function accountDeletionFor(ctx: Pick<AppContext, 'db'>): DeleteAccount {
  return createAccountDeletion(createSettingsRepository(ctx.db));
}

/** The service over the app's database, as its routes use it (routes never build a repository). */
export function settingsServiceFor(ctx: Pick<AppContext, 'db' | 'env'>) {
  return createSettingsService(createSettingsRepository(ctx.db));
}
