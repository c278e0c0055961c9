import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emailVerificationTokens, users } from '../../db/schema';
import { endAccessAfterCredentialChange } from './credential-change.repository';

export type VerifyOutcome =
  | { ok: true; userId: number; email: string; previousEmail: string; changed: boolean }
  | { ok: false; reason: 'invalid' | 'taken' };

const sameEmail = (column: typeof users.email | typeof emailVerificationTokens.email, email: string) =>
  eq(sql`lower(${column})`, email.toLowerCase());

/** Verification links (issue 11): only the SHA-256 of a token is stored; times come from the caller's clock. */
export function createEmailVerificationRepository(db: Database) {
  return {
    async insertToken(values: {
      userId: number;
      email: string;
      tokenHash: string;
      expiresAt: Date;
      requestedBySession?: string | null;
    }) {
      await db.insert(emailVerificationTokens).values(values);
    },

    /** Another account already signs in with this address (any case). */
    async emailTakenByOther(email: string, userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(sameEmail(users.email, email), ne(users.id, userId)));
      return row !== undefined;
    },

    /** The newest live link for an address other than the account's own: an email change waiting. */
    async pendingEmail(userId: number, now: Date): Promise<string | null> {
      const [row] = await db
        .select({ email: emailVerificationTokens.email })
        .from(emailVerificationTokens)
        .innerJoin(users, eq(users.id, emailVerificationTokens.userId))
        .where(
          and(
            eq(emailVerificationTokens.userId, userId),
            isNull(emailVerificationTokens.usedAt),
            gt(emailVerificationTokens.expiresAt, now),
            sql`lower(${emailVerificationTokens.email}) <> lower(${users.email})`,
          ),
        )
        .orderBy(desc(emailVerificationTokens.createdAt), desc(emailVerificationTokens.id))
        .limit(1);
      return row?.email ?? null;
    },

    /**
     * Uses a live link once, in one transaction: the account's address is marked verified, or (a change) the
     * account takes the new address, verified. Every other live link of the account is spent with it, so an
     * older link can never switch the address back.
     */
    async verify(
      tokenHash: string,
      now: Date,
      /** The session that opened the link, kept when it is the account's own (a change ends the others). */
      opener: { sessionId: string; userId: number } | null = null,
    ): Promise<VerifyOutcome> {
      return db
        .transaction(async (tx): Promise<VerifyOutcome> => {
          const [token] = await tx
            .update(emailVerificationTokens)
            .set({ usedAt: now })
            .where(
              and(
                eq(emailVerificationTokens.tokenHash, tokenHash),
                isNull(emailVerificationTokens.usedAt),
                gt(emailVerificationTokens.expiresAt, now),
              ),
            )
            .returning({
              userId: emailVerificationTokens.userId,
              email: emailVerificationTokens.email,
              requestedBySession: emailVerificationTokens.requestedBySession,
            });
          if (!token) return { ok: false, reason: 'invalid' } as const;
          const [user] = await tx
            .select({ email: users.email })
            .from(users)
            .where(eq(users.id, token.userId))
            .for('update');
          if (!user) return { ok: false, reason: 'invalid' } as const;
          const changed = user.email.toLowerCase() !== token.email.toLowerCase();
          if (changed) {
            const [taken] = await tx
              .select({ id: users.id })
              .from(users)
              .where(and(sameEmail(users.email, token.email), ne(users.id, token.userId)));
            // Someone registered the address meanwhile: the link is left unused (the transaction rolls back).
            if (taken) throw new EmailTakenMeanwhile();
            await tx
              .update(users)
              .set({ email: token.email, username: token.email, emailVerifiedAt: now })
              .where(eq(users.id, token.userId));
            // The session that asked keeps going; so does the one that opened the link, if it is the account's.
            const keep = [
              token.requestedBySession,
              opener?.userId === token.userId ? opener.sessionId : null,
            ];
            await endAccessAfterCredentialChange(tx, token.userId, keep);
          } else {
            await tx
              .update(users)
              .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})` })
              .where(eq(users.id, token.userId));
          }
          await tx
            .update(emailVerificationTokens)
            .set({ usedAt: now })
            .where(
              and(eq(emailVerificationTokens.userId, token.userId), isNull(emailVerificationTokens.usedAt)),
            );
          return { ok: true, userId: token.userId, email: token.email, previousEmail: user.email, changed };
        })
        .catch((err: unknown): VerifyOutcome => {
          // users_email_lower_unique: the address was taken between our check and our update.
          if (err instanceof EmailTakenMeanwhile || (err as { code?: string }).code === '23505')
            return { ok: false, reason: 'taken' } as const;
          throw err;
        });
    },
  };
}

class EmailTakenMeanwhile extends Error {}

export type EmailVerificationRepository = ReturnType<typeof createEmailVerificationRepository>;
