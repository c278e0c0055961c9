import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { passwordResetTokens, sessions } from '../../db/schema';

/**
 * What every change of an account's email or password does, in the transaction that makes it (issue 42,
 * item 5): every live password-reset link is spent, so a link mailed to the old address (or before the new
 * password) cannot take the account back, and every session ends but those that made the change (the one that asked, the one that confirmed), if any.
 */
export async function endAccessAfterCredentialChange(
  tx: Executor,
  userId: number,
  keepSessionIds: string | null | (string | null)[],
): Promise<void> {
  const keep = [keepSessionIds].flat().filter((sid): sid is string => sid !== null);
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  await tx
    .delete(sessions)
    .where(
      keep.length === 0
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), notInArray(sessions.sid, keep)),
    );
}
