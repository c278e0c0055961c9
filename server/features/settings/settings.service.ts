import {
  CURRENT_PASSWORD_INCORRECT,
  type ChangePasswordInput,
  type UpdateProfileInput,
} from '@shared/schemas/settings';
import type { PublicUser } from '@shared/schemas/user';
import { EMAIL_VERIFICATION_MESSAGES } from '@shared/schemas/account';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { isUniqueViolation, type SettingsRepository, type UserRow } from './settings.repository';

export const EMAIL_TAKEN = 'An account with this email already exists';

function toPublicUser(user: UserRow): PublicUser {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    firstName: user.firstName,
    companyName: user.companyName,
    role: user.role,
    planId: user.planId,
    createdAt: user.createdAt.toISOString(),
    emailVerified: user.emailVerifiedAt !== null,
  };
}

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
        if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN);
        throw err;
      }
    },

    /** Checks the current password, stores the new hash and signs out every other session. */
    async changePassword(userId: number, input: ChangePasswordInput, sessionId: string): Promise<void> {
      const user = await repo.findUser(userId);
      if (!user) throw notFound('Account not found');
      if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
        throw badRequest(CURRENT_PASSWORD_INCORRECT, { currentPassword: [CURRENT_PASSWORD_INCORRECT] });
      }
      await repo.changePassword(userId, await hashPassword(input.newPassword), sessionId);
    },
  };
}
