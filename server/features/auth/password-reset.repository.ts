import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { passwordResetTokens, sessions, users } from '../../db/schema';

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

    async insertToken(userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
      await db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
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
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: sql`now()` })
          .where(and(eq(passwordResetTokens.userId, token.userId), isNull(passwordResetTokens.usedAt)));
        await tx.delete(sessions).where(eq(sessions.userId, token.userId));
        return true;
      });
    },
  };
}
