import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { rateLimits } from '../../db/schema';

export type CounterRow = typeof rateLimits.$inferSelect;

/** The login throttle's counters (rows of rate_limits by key), read and written inside one transaction. */
function countersIn(tx: Transaction) {
  return {
    /** The counter rows, created at 0 when missing, locked until the transaction ends. */
    async lock(keys: string[], current: Date): Promise<Map<string, CounterRow>> {
      await tx
        .insert(rateLimits)
        .values(keys.map((key) => ({ key, hits: 0, resetAt: current })))
        .onConflictDoNothing();
      const rows = await tx.select().from(rateLimits).where(inArray(rateLimits.key, keys)).for('update');
      return new Map(rows.map((row) => [row.key, row]));
    },

    /** Whether the counter exists and has not run out at `current`. */
    async isLive(key: string, current: Date): Promise<boolean> {
      const [row] = await tx
        .select({ key: rateLimits.key })
        .from(rateLimits)
        .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, current)));
      return row !== undefined;
    },

    async set(key: string, values: { hits: number; resetAt: Date }): Promise<void> {
      await tx.update(rateLimits).set(values).where(eq(rateLimits.key, key));
    },

    /** One statement, so a count made by a parallel transaction is not lost. */
    async increment(key: string): Promise<void> {
      await tx
        .update(rateLimits)
        .set({ hits: sql`${rateLimits.hits} + 1` })
        .where(eq(rateLimits.key, key));
    },

    async decrement(key: string): Promise<void> {
      await tx
        .update(rateLimits)
        .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
        .where(eq(rateLimits.key, key));
    },

    async remove(key: string): Promise<void> {
      await tx.delete(rateLimits).where(eq(rateLimits.key, key));
    },

    /** Creates the counter at 1 until `resetAt`, or moves an existing one's end to `resetAt`. */
    async keepUntil(key: string, resetAt: Date): Promise<void> {
      await tx
        .insert(rateLimits)
        .values({ key, hits: 1, resetAt })
        .onConflictDoUpdate({ target: rateLimits.key, set: { resetAt } });
    },
  };
}

export type LoginCounters = ReturnType<typeof countersIn>;

export function createLoginThrottleRepository(db: Database) {
  return {
    /**
     * Runs `work` in one transaction, alone among the transactions for `account`: an attempt and a sign-in
     * touch the same counters in different orders, and without this lock they can deadlock each other.
     */
    transaction<T>(account: string, work: (counters: LoginCounters) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('login-throttle'), hashtext(${account}))`);
        return work(countersIn(tx));
      });
    },
  };
}
