import { createHash, randomBytes } from 'node:crypto';
import {
  PASSWORD_RESET_MESSAGES,
  RESET_TOKEN_TTL_MINUTES,
  type ResetPasswordInput,
} from '@shared/schemas/auth';
import type { AppContext } from '../../lib/context';
import { badRequest } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { sendEmail } from '../delivery';
import { createPasswordResetRepository } from './password-reset.repository';

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** "Forgot password?" and the reset link it emails: single-use, one hour, stored hashed (issue 11). */
export function createPasswordResetService(ctx: AppContext) {
  const repo = createPasswordResetRepository(ctx.db);

  /**
   * A new reset link's token, stored hashed; null when the account already had `perHour` made in the last
   * hour (issue 42, item 4: one inbox gets at most that many reset emails).
   */
  async function newToken(userId: number, perHour = Number.MAX_SAFE_INTEGER): Promise<string | null> {
    const token = randomBytes(32).toString('base64url');
    const now = ctx.now();
    const stored = await repo.insertTokenWithin(
      {
        userId,
        tokenHash: hashOf(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000),
      },
      { count: perHour, since: new Date(now.getTime() - 60 * 60_000) },
    );
    return stored ? token : null;
  }

  function mailLink(user: { email: string; firstName: string }, token: string) {
    const link = `${ctx.env.publicBaseUrl}/auth?reset=${token}`;
    return sendEmail(ctx, {
      ownerId: null,
      to: user.email,
      subject: 'Reset your ReviewFlow password',
      text:
        `Hi ${user.firstName},\n\nSomeone (we hope you) asked to reset the password of your ReviewFlow account. ` +
        `Choose a new one here within the next hour:\n\n${link}\n\n` +
        `If it was not you, ignore this email: your password stays as it is.`,
      // The outbox keeps the link without it: only the account's inbox can reset the password.
      secrets: [token],
    });
  }

  return {
    /**
     * Emails a reset link when an active account has this email; says nothing either way. Called after the
     * answer went out, so its time tells nobody whether the account exists.
     */
    async requestReset(email: string): Promise<void> {
      const user = await repo.activeUserByEmail(email);
      if (!user) return;
      // At most PASSWORD_RESET_EMAILS_PER_HOUR to one inbox; the answer stays the same.
      const token = await newToken(user.id, ctx.env.PASSWORD_RESET_EMAILS_PER_HOUR);
      if (token) await mailLink(user, token);
    },

    /** The admin's "Send reset link" on a client's row: the same link and email; answers where it went. */
    async sendLink(user: { id: number; email: string; firstName: string }) {
      return mailLink(user, (await newToken(user.id))!);
    },

    async reset(input: ResetPasswordInput): Promise<void> {
      const done = await repo.resetWithToken(hashOf(input.token), await hashPassword(input.password));
      if (!done) throw badRequest(PASSWORD_RESET_MESSAGES.invalid, undefined, 'invalid_token');
    },
  };
}
