import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction, Executor } from '../../db/client';
import { contacts, locations, plans, reviewRequests, reviews, sessions, users } from '../../db/schema';
import type { AdminClientDetail, AdminClientRow } from '@shared/schemas/admin';

export type UserRow = typeof users.$inferSelect;

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/** `%term%` for ILIKE with the user's own % and _ taken literally. */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function clientSearch(q: string | undefined): SQL | undefined {
  if (!q) return eq(users.role, 'client');
  const pattern = likePattern(q);
  return and(
    eq(users.role, 'client'),
    or(ilike(users.companyName, pattern), ilike(users.firstName, pattern), ilike(users.email, pattern)),
  );
}

// Outer columns of correlated subqueries are written out: drizzle leaves a column unqualified when a query
// reads a single table, and "id" inside the subquery would then mean the subquery's own id.
const outerUserId = sql.raw('"users"."id"');

// A correlated count per listed row: it runs once per row of the page, inside the one query (no N+1),
// and uses the reviews_owner_* indexes.
const reviewsCount = sql<number>`(select count(*) from ${reviews} where ${reviews.ownerId} = ${outerUserId})::int`;

const clientColumns = {
  id: users.id,
  companyName: users.companyName,
  firstName: users.firstName,
  email: users.email,
  createdAt: users.createdAt,
  disabledAt: users.disabledAt,
  planId: plans.id,
  planName: plans.name,
  planArchivedAt: plans.archivedAt,
  reviews: reviewsCount,
};

type ClientSelect = {
  id: number;
  companyName: string;
  firstName: string;
  email: string;
  createdAt: Date;
  disabledAt: Date | null;
  planId: number | null;
  planName: string | null;
  planArchivedAt: Date | null;
  reviews: number;
};

function toClientRow(row: ClientSelect): AdminClientRow {
  return {
    id: row.id,
    companyName: row.companyName,
    firstName: row.firstName,
    email: row.email,
    plan:
      row.planId === null
        ? null
        : { id: row.planId, name: row.planName ?? '', archived: row.planArchivedAt !== null },
    reviews: Number(row.reviews),
    createdAt: row.createdAt.toISOString(),
    disabledAt: iso(row.disabledAt),
    status: row.disabledAt ? 'disabled' : 'active',
  };
}

/** The clients' accounts as the admin sees them: the list, one client's figures, and changes to them. */
export function createAdminClientsRepository(db: Database) {
  return {
    transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    async findUser(id: number, executor: Executor = db): Promise<UserRow | undefined> {
      const [row] = await executor.select().from(users).where(eq(users.id, id));
      return row;
    },

    async listClients(query: { q?: string; page: number; pageSize: number }) {
      const where = clientSearch(query.q);
      const [rows, [total]] = await Promise.all([
        db
          .select(clientColumns)
          .from(users)
          .leftJoin(plans, eq(plans.id, users.planId))
          .where(where)
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ total: count() }).from(users).where(where),
      ]);
      return { rows: rows.map(toClientRow), total: Number(total?.total ?? 0) };
    },

    async getClient(id: number, executor: Executor = db): Promise<AdminClientDetail | undefined> {
      const [row] = await executor
        .select({
          ...clientColumns,
          locations: sql<number>`(select count(*) from ${locations} where ${locations.ownerId} = ${outerUserId})::int`,
          contacts: sql<number>`(select count(*) from ${contacts} where ${contacts.ownerId} = ${outerUserId})::int`,
          reviewRequests: sql<number>`(select count(*) from ${reviewRequests} where ${reviewRequests.ownerId} = ${outerUserId})::int`,
        })
        .from(users)
        .leftJoin(plans, eq(plans.id, users.planId))
        .where(and(eq(users.id, id), eq(users.role, 'client')));
      if (!row) return undefined;
      return {
        ...toClientRow(row),
        locations: Number(row.locations),
        contacts: Number(row.contacts),
        reviewRequests: Number(row.reviewRequests),
      };
    },

    /** Inserts the client, or answers undefined when the email is taken (any case). */
    async insertClient(
      tx: Transaction,
      values: Pick<UserRow, 'email' | 'passwordHash' | 'firstName' | 'companyName'> & {
        planId: number | null;
      },
    ): Promise<UserRow | undefined> {
      const [row] = await tx
        .insert(users)
        // The admin vouches for the address of an account they create (PRODUCT.md section 8).
        .values({ ...values, username: values.email, role: 'client', emailVerifiedAt: new Date() })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async emailTakenByOther(tx: Transaction, email: string, id: number): Promise<boolean> {
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${email})`, sql`${users.id} <> ${id}`));
      return row !== undefined;
    },

    async updateUser(tx: Transaction, id: number, changes: Partial<typeof users.$inferInsert>) {
      const [row] = await tx.update(users).set(changes).where(eq(users.id, id)).returning();
      return row;
    },

    /** Ends every session of the user at once (a disabled account; deletion is settings.repository.ts's). */
    async deleteSessionsOf(tx: Transaction, userId: number): Promise<void> {
      await tx.delete(sessions).where(eq(sessions.userId, userId));
    },
  };
}

export type AdminClientsRepository = ReturnType<typeof createAdminClientsRepository>;
