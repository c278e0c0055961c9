import { eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction, Executor } from '../../db/client';
import { plans, users } from '../../db/schema';

export type PlanRow = typeof plans.$inferSelect;

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

// Outer columns of correlated subqueries are written out: drizzle leaves a column unqualified when a query
// reads a single table, and "id" inside the subquery would then mean the subquery's own id.
const outerPlanId = sql.raw('"plans"."id"');

function toPlan(row: PlanRow) {
  return {
    id: row.id,
    name: row.name,
    priceCents: row.priceCents,
    currency: row.currency,
    reviewRequestLimit: row.reviewRequestLimit,
    locationsLimit: row.locationsLimit,
    features: row.features,
    stripePriceId: row.stripePriceId,
    createdAt: row.createdAt.toISOString(),
    archivedAt: iso(row.archivedAt),
    archived: row.archivedAt !== null,
  };
}

/** The plans on offer as the admin manages them, with how many clients each has. */
export function createAdminPlansRepository(db: Database) {
  return {
    transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    async listPlans() {
      const rows = await db
        .select({
          plan: plans,
          clients: sql<number>`(select count(*) from ${users} where ${users.planId} = ${outerPlanId})::int`,
        })
        .from(plans)
        .orderBy(sql`${plans.archivedAt} is not null`, plans.priceCents, plans.id);
      return rows.map((row) => ({ ...toPlan(row.plan), clients: Number(row.clients) }));
    },

    async listActivePlans() {
      const rows = await db
        .select()
        .from(plans)
        .where(isNull(plans.archivedAt))
        .orderBy(plans.priceCents, plans.id);
      return rows.map(toPlan);
    },

    async findPlan(id: number, executor: Executor = db): Promise<PlanRow | undefined> {
      const [row] = await executor.select().from(plans).where(eq(plans.id, id));
      return row;
    },

    async getPlan(id: number, executor: Executor = db) {
      const [row] = await executor.select().from(plans).where(eq(plans.id, id));
      return row ? toPlan(row) : undefined;
    },

    async insertPlan(tx: Transaction, values: typeof plans.$inferInsert) {
      const [row] = await tx.insert(plans).values(values).returning();
      return toPlan(row!);
    },

    async updatePlan(tx: Transaction, id: number, changes: Partial<typeof plans.$inferInsert>) {
      const [row] = await tx.update(plans).set(changes).where(eq(plans.id, id)).returning();
      return row ? toPlan(row) : undefined;
    },
  };
}

export type AdminPlansRepository = ReturnType<typeof createAdminPlansRepository>;
