import { createHash, randomBytes } from 'node:crypto';
import {
  PASSWORD_RESET_MESSAGES,
  RESET_TOKEN_TTL_MINUTES,
  type ResetPasswordInput,
} from '@shared/schemas/auth';
import type { AppContext } from '../../lib/context';
import { badRequest } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { sendEmail } from '../delivery/delivery.service';
import { createPasswordResetRepository } from './password-reset.repository';

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** "Forgot password?" and the reset link it emails: single-use, one hour, stored hashed (issue 11). */
export function createPasswordResetService(ctx: AppContext) {
  const repo = createPasswordResetRepository(ctx.db);

  async function sendLink(user: { id: number; email: string; firstName: string }) {
    const token = randomBytes(32).toString('base64url');
    await repo.insertToken(
      user.id,
      hashOf(token),
      new Date(ctx.now().getTime() + RESET_TOKEN_TTL_MINUTES * 60_000),
    );
    const link = `${ctx.env.publicBaseUrl}/auth?reset=${token}`;
    return sendEmail(ctx, {
      ownerId: null,
      to: user.email,
      subject: 'Reset your ReviewFlow password',
      text:
        `Hi ${user.firstName},\n\nSomeone (we hope you) asked to reset the password of your ReviewFlow account. ` +
        `Choose a new one here within the next hour:\n\n${link}\n\n` +
        `If it was not you, ignore this email: your password stays as it is.`,
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
      await sendLink(user);
    },

    /** The admin's "Send reset link" on a client's row: the same link and email; answers where it went. */
    sendLink,

    async reset(input: ResetPasswordInput): Promise<void> {
      const done = await repo.resetWithToken(hashOf(input.token), await hashPassword(input.password));
      if (!done) throw badRequest(PASSWORD_RESET_MESSAGES.invalid, undefined, 'invalid_token');
    },
  };
}
