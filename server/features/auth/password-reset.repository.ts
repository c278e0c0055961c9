import { and, count, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';
import { lockUserRow } from '../../db/user-row-lock';
import { endAccessAfterCredentialChange } from './credential-change.repository';

export function createPasswordResetRepository(db: Database) {
  return {
    async activeUserByEmail(email: string) {
      const [row] = await db
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          disabledAt: users.disabledAt,
        })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
      return row && !row.disabledAt ? row : undefined;
    },

    /**
     * Stores a new reset link unless the user already had `maxSince.count` made since `maxSince.since` (each
     * was an email): counted and inserted with the user's row locked, so parallel requests cannot all pass.
     */
    async insertTokenWithin(
      values: { userId: number; tokenHash: string; createdAt: Date; expiresAt: Date },
      maxSince: { count: number; since: Date },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        await lockUserRow(tx, values.userId);
        const [row] = await tx
          .select({ n: count() })
          .from(passwordResetTokens)
          .where(
            and(
              eq(passwordResetTokens.userId, values.userId),
              gte(passwordResetTokens.createdAt, maxSince.since),
            ),
          );
        if ((row?.n ?? 0) >= maxSince.count) return false;
        await tx.insert(passwordResetTokens).values(values);
        return true;
      });
    },

    /**
     * Uses a live token once: the new password is stored, every token of the user is spent and every session
     * ends, in one transaction. Answers false for an unknown, used or expired token.
     */
    async resetWithToken(tokenHash: string, passwordHash: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [token] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: sql`now()` })
          .where(
            and(
              eq(passwordResetTokens.tokenHash, tokenHash),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, sql`now()`),
            ),
          )
          .returning({ userId: passwordResetTokens.userId });
        if (!token) return false;
        await tx.update(users).set({ passwordHash }).where(eq(users.id, token.userId));
        await endAccessAfterCredentialChange(tx, token.userId, null);
        return true;
      });
    },
  };
}
