import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rateLimits } from '../../db/schema';

/** Failed sign-ins allowed before an account is paused. */
export const FREE_FAILURES = 5;
const FIRST_PAUSE_SECONDS = 30;
const MAX_PAUSE_SECONDS = 15 * 60;
/** A failure streak older than this is forgotten. */
const STREAK_MEMORY_MS = 24 * 60 * 60 * 1000;

/** The pause after `failures` consecutive failures: 30 s, 60 s, 2 min, ... up to 15 min. */
export function pauseSeconds(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(FIRST_PAUSE_SECONDS * 2 ** (failures - FREE_FAILURES), MAX_PAUSE_SECONDS);
}

/**
 * Per-account protection against password guessing from many addresses, on top of the per-IP limit:
 * after a few failures the account accepts no attempt for a pause that doubles with each new failure.
 * Counters live in the rate_limits table (hits = failures in a row, resetAt = end of the pause).
 */
export function createLoginThrottle(db: Database) {
  const keyOf = (email: string) => `account:${email.trim().toLowerCase()}`;

  return {
    /** Seconds the account must still wait, or 0. */
    async waitSeconds(email: string): Promise<number> {
      const [row] = await db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, keyOf(email)));
      if (!row || row.hits < FREE_FAILURES) return 0;
      return Math.max(0, Math.ceil((row.resetAt.getTime() - Date.now()) / 1000));
    },

    async recordFailure(email: string): Promise<void> {
      const key = keyOf(email);
      const forgetBefore = new Date(Date.now() - STREAK_MEMORY_MS);
      const [row] = await db
        .insert(rateLimits)
        .values({ key, hits: 1, resetAt: new Date() })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            hits: sql`case when ${rateLimits.resetAt} < ${forgetBefore} then 1 else ${rateLimits.hits} + 1 end`,
          },
        })
        .returning({ hits: rateLimits.hits });
      const pause = pauseSeconds(row?.hits ?? 1);
      await db
        .update(rateLimits)
        .set({ resetAt: new Date(Date.now() + pause * 1000) })
        .where(eq(rateLimits.key, key));
    },

    async reset(email: string): Promise<void> {
      await db.delete(rateLimits).where(eq(rateLimits.key, keyOf(email)));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
