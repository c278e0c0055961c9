import { createHash, randomBytes } from 'node:crypto';
import {
  EMAIL_VERIFICATION_MESSAGES,
  VERIFY_TOKEN_TTL_HOURS,
  type ChangeEmailInput,
  type EmailStatus,
  type VerifyEmailResult,
} from '@shared/schemas/account';
import { CURRENT_PASSWORD_INCORRECT } from '@shared/schemas/settings';
import type { AppContext } from '../../lib/context';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { verifyPassword } from '../../lib/password';
import { sendEmail } from '../delivery';
import { EMAIL_TAKEN } from './auth.service';
import { createEmailVerificationRepository } from './email-verification.repository';
import type { UserRow, UsersRepository } from './users.repository';

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

type Owner = Pick<UserRow, 'id' | 'email' | 'firstName' | 'companyName'>;

/**
 * Email verification (issue 11): the welcome email carries a link for the registered address; an email
 * change sends one to the new address and applies the change only when it is followed. Links are
 * single-use, live 48 hours and are stored as SHA-256 only. Until verified, sending is capped
 * (billing/plan-limits.ts).
 */
export function createEmailVerificationService(ctx: AppContext, users: UsersRepository) {
  const repo = createEmailVerificationRepository(ctx.db);

  /** A new link for `email`, stored hashed; answers the URL to put in the email and its token. */
  async function newLink(
    userId: number,
    email: string,
    requestedBySession: string | null = null,
  ): Promise<{ link: string; token: string }> {
    const token = randomBytes(32).toString('base64url');
    await repo.insertToken({
      userId,
      email,
      requestedBySession,
      tokenHash: hashOf(token),
      expiresAt: new Date(ctx.now().getTime() + VERIFY_TOKEN_TTL_HOURS * 3_600_000),
    });
    return { link: `${ctx.env.publicBaseUrl}/verify-email?token=${token}`, token };
  }

  /** `secrets`: a link's token, which the outbox keeps hidden (only the inbox may verify the address). */
  const send = (to: string, subject: string, text: string, secrets: string[] = []) =>
    sendEmail(ctx, { ownerId: null, to, subject, text, secrets });

  async function sendVerification(user: Owner): Promise<void> {
    const { link, token } = await newLink(user.id, user.email);
    await send(
      user.email,
      'Confirm your email for ReviewFlow',
      `Hi ${user.firstName},\n\nPlease confirm this is your email address by opening this link within ` +
        `${VERIFY_TOKEN_TTL_HOURS} hours:\n\n${link}\n\nUntil it is confirmed your account can send up to ` +
        `${ctx.env.UNVERIFIED_REQUEST_CAP} review requests.\n\nThe ReviewFlow team`,
      [token],
    );
  }

  return {
    /** The one email a new account gets: welcome, and the link that verifies its address. */
    async sendWelcome(user: Owner): Promise<void> {
      const { link, token } = await newLink(user.id, user.email);
      const business = user.companyName.trim() ? ` for ${user.companyName.trim()}` : '';
      await send(
        user.email,
        'Welcome to ReviewFlow: confirm your email',
        `Hi ${user.firstName},\n\nWelcome to ReviewFlow! Your account${business} is ready.\n\n` +
          `Please confirm your email address by opening this link within ${VERIFY_TOKEN_TTL_HOURS} hours:\n\n` +
          `${link}\n\nUntil it is confirmed your account can send up to ${ctx.env.UNVERIFIED_REQUEST_CAP} ` +
          `review requests. Then add your first location and send your first review request:\n` +
          `${ctx.env.publicBaseUrl}/get-reviews\n\nThe ReviewFlow team`,
        [token],
      );
    },

    /** "Resend" in the banner: a fresh link; older ones stay valid until they expire or one is used. */
    async resend(userId: number): Promise<void> {
      const user = await users.findById(userId);
      if (!user) throw notFound('Account not found');
      if (user.emailVerifiedAt) throw badRequest(EMAIL_VERIFICATION_MESSAGES.alreadyVerified);
      await sendVerification(user);
    },

    async verify(
      token: string,
      opener: { sessionId: string; userId: number } | null = null,
    ): Promise<VerifyEmailResult> {
      const outcome = await repo.verify(hashOf(token), ctx.now(), opener);
      if (!outcome.ok) {
        if (outcome.reason === 'taken') throw conflict(EMAIL_TAKEN);
        throw badRequest(EMAIL_VERIFICATION_MESSAGES.invalid);
      }
      if (outcome.changed) {
        await send(
          outcome.previousEmail,
          'Your ReviewFlow email was changed',
          `Hello,\n\nThe email of your ReviewFlow account is now ${outcome.email}: sign in with that address ` +
            `from now on. This address (${outcome.previousEmail}) no longer signs in.\n\n` +
            `If you did not ask for this, reply to this email at once.\n\nThe ReviewFlow team`,
        ).catch((err: unknown) => ctx.logger.error({ err }, 'email changed notice not sent'));
      }
      return {
        message: outcome.changed ? EMAIL_VERIFICATION_MESSAGES.changed : EMAIL_VERIFICATION_MESSAGES.verified,
        email: outcome.email,
        changed: outcome.changed,
      };
    },

    async status(userId: number): Promise<EmailStatus> {
      const user = await users.findById(userId);
      if (!user) throw notFound('Account not found');
      return {
        email: user.email,
        emailVerified: user.emailVerifiedAt !== null,
        pendingEmail: await repo.pendingEmail(userId, ctx.now()),
      };
    },

    /**
     * Changing the email needs the current password; the new address gets a link and the account keeps its
     * address until that link is followed. The old address is told at once, so a stolen session cannot move
     * an account away silently.
     */
    /** `sessionId`: the asking session, which stays signed in when the change ends the others. */
    async requestChange(
      userId: number,
      input: ChangeEmailInput,
      sessionId: string | null = null,
    ): Promise<EmailStatus> {
      const user = await users.findById(userId);
      if (!user) throw notFound('Account not found');
      if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
        throw badRequest(CURRENT_PASSWORD_INCORRECT, { currentPassword: [CURRENT_PASSWORD_INCORRECT] });
      }
      if (input.email.toLowerCase() === user.email.toLowerCase()) {
        throw badRequest(EMAIL_VERIFICATION_MESSAGES.sameEmail, {
          email: [EMAIL_VERIFICATION_MESSAGES.sameEmail],
        });
      }
      if (await repo.emailTakenByOther(input.email, userId)) throw conflict(EMAIL_TAKEN);
      const { link, token } = await newLink(userId, input.email, sessionId);
      await send(
        input.email,
        'Confirm your new email for ReviewFlow',
        `Hi ${user.firstName},\n\nYou asked to change the email of your ReviewFlow account to this address. ` +
          `Confirm it by opening this link within ${VERIFY_TOKEN_TTL_HOURS} hours:\n\n${link}\n\n` +
          `Until then your account keeps signing in with its current address.\n\nThe ReviewFlow team`,
        [token],
      );
      await send(
        user.email,
        'A change of your ReviewFlow email was requested',
        `Hi ${user.firstName},\n\nSomeone signed in to your ReviewFlow account asked to change its email to ` +
          `${input.email}. Nothing changes until a link we sent to that address is opened.\n\n` +
          `If this was not you, change your password now and reply to this email.\n\nThe ReviewFlow team`,
      ).catch((err: unknown) => ctx.logger.error({ err }, 'email change notice not sent'));
      return { email: user.email, emailVerified: user.emailVerifiedAt !== null, pendingEmail: input.email };
    },
  };
}

export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;
