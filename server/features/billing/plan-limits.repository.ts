import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { locations, plans, subscriptions, usageLedger, users } from '../../db/schema';
import { lockUserRow } from '../../db/user-row-lock';

export type PlanRow = typeof plans.$inferSelect;

/** The ledger's month of an instant: the first day of its calendar month, UTC, as YYYY-MM-DD. */
const monthOf = (at: Date) => `${at.toISOString().slice(0, 7)}-01`;
/** The database or the transaction a count runs in (reserveRequests counts inside the inserting one). */
export type Executor = Pick<Database, 'select' | 'insert'>;

/** What the plan limits read: plans, the client's plan and subscription, and what the client has used. */
export function createPlanLimitsRepository(db: Database) {
  async function findPlanByKey(key: string, executor: Executor = db): Promise<PlanRow | undefined> {
    const [row] = await executor.select().from(plans).where(eq(plans.key, key));
    return row;
  }

  return {
    findPlanByKey,

    /** The plan with `values.key`, inserted with `values` when missing (a parallel insert's row wins). */
    async ensurePlan(
      values: typeof plans.$inferInsert & { key: string },
      executor: Executor = db,
    ): Promise<PlanRow> {
      const existing = await findPlanByKey(values.key, executor);
      if (existing) return existing;
      await executor.insert(plans).values(values).onConflictDoNothing();
      return (await findPlanByKey(values.key, executor))!;
    },

    /** The plan users.planId names (null when none) and the client's subscription row (null when none). */
    async planAndSubscription(ownerId: number, executor: Executor = db) {
      const [row] = await executor
        .select({ plan: plans, subscription: subscriptions })
        .from(users)
        .leftJoin(plans, eq(plans.id, users.planId))
        .leftJoin(subscriptions, eq(subscriptions.ownerId, users.id))
        .where(eq(users.id, ownerId));
      return { plan: row?.plan ?? null, subscription: row?.subscription ?? null };
    },

    /**
     * What the client has used since the month `since` falls in (all time with null), from the usage ledger:
     * review requests that sent a message (one-off links send nothing) and team invitations.
     */
    async usageSince(
      ownerId: number,
      since: Date | null,
      executor: Executor = db,
    ): Promise<{ reviewRequests: number; invitations: number }> {
      const [row] = await executor
        .select({
          reviewRequests: sql<number>`coalesce(sum(${usageLedger.reviewRequests}), 0)::int`,
          invitations: sql<number>`coalesce(sum(${usageLedger.invitations}), 0)::int`,
        })
        .from(usageLedger)
        .where(
          and(eq(usageLedger.ownerId, ownerId), since ? gte(usageLedger.month, monthOf(since)) : undefined),
        );
      return { reviewRequests: row?.reviewRequests ?? 0, invitations: row?.invitations ?? 0 };
    },

    /** Adds what was just granted to the month `at` falls in, inside the granting transaction. */
    async recordUsage(
      executor: Executor,
      ownerId: number,
      at: Date,
      used: { reviewRequests?: number; invitations?: number },
    ): Promise<void> {
      const reviewRequests = used.reviewRequests ?? 0;
      const invitations = used.invitations ?? 0;
      await executor
        .insert(usageLedger)
        .values({ ownerId, month: monthOf(at), reviewRequests, invitations })
        .onConflictDoUpdate({
          target: [usageLedger.ownerId, usageLedger.month],
          set: {
            reviewRequests: sql`${usageLedger.reviewRequests} + ${reviewRequests}`,
            invitations: sql`${usageLedger.invitations} + ${invitations}`,
          },
        });
    },

    async countLocations(ownerId: number, executor: Executor = db): Promise<number> {
      const [row] = await executor
        .select({ n: count() })
        .from(locations)
        .where(eq(locations.ownerId, ownerId));
      return row?.n ?? 0;
    },

    /** Locks the client's row until the transaction ends: parallel sends for one client count in turn. */
    async lockOwner(tx: Executor & Pick<Database, 'execute'>, ownerId: number): Promise<void> {
      await lockUserRow(tx, ownerId);
    },

    /** When the client's email was verified (null: not yet), or undefined when there is no such client. */
    async emailVerifiedAt(ownerId: number, executor: Executor = db): Promise<Date | null | undefined> {
      const [owner] = await executor
        .select({ verifiedAt: users.emailVerifiedAt })
        .from(users)
        .where(eq(users.id, ownerId));
      return owner?.verifiedAt;
    },
  };
}

export type PlanLimitsRepository = ReturnType<typeof createPlanLimitsRepository>;
