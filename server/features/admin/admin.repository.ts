import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  auditLog,
  contacts,
  locations,
  outboundMessages,
  plans,
  reviewRequests,
  reviews,
  sessions,
  users,
} from '../../db/schema';
import type {
  AdminClientDetail,
  AdminClientRow,
  AdminStats,
  AuditEntry,
  OutboxMessage,
} from '@shared/schemas/admin';
import type { Channel } from '@shared/schemas/domain';

export type UserRow = typeof users.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Tx;

export interface AuditInput {
  actorId: number;
  action: string;
  targetClientId?: number | null;
  details?: Record<string, unknown>;
}

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
const outerPlanId = sql.raw('"plans"."id"');

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

export function createAdminRepository(db: Database) {
  const insertAudit = (executor: Executor, entry: AuditInput) =>
    executor.insert(auditLog).values({
      actorId: entry.actorId,
      action: entry.action,
      targetClientId: entry.targetClientId ?? null,
      details: entry.details ?? {},
    });

  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    insertAudit,

    // ------------------------------------------------------------------------------------------ users

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
      tx: Tx,
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

    async emailTakenByOther(tx: Tx, email: string, id: number): Promise<boolean> {
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${email})`, sql`${users.id} <> ${id}`));
      return row !== undefined;
    },

    async updateUser(tx: Tx, id: number, changes: Partial<typeof users.$inferInsert>) {
      const [row] = await tx.update(users).set(changes).where(eq(users.id, id)).returning();
      return row;
    },

    /** Ends every session of the user at once (a disabled or deleted account). */
    async deleteSessionsOf(tx: Tx, userId: number): Promise<void> {
      await tx.delete(sessions).where(eq(sessions.userId, userId));
    },

    /** The client and, through the owner foreign keys, every row they own. */
    async deleteUser(tx: Tx, id: number): Promise<void> {
      await tx.delete(users).where(eq(users.id, id));
    },

    // ------------------------------------------------------------------------------------------ plans

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

    async insertPlan(tx: Tx, values: typeof plans.$inferInsert) {
      const [row] = await tx.insert(plans).values(values).returning();
      return toPlan(row!);
    },

    async updatePlan(tx: Tx, id: number, changes: Partial<typeof plans.$inferInsert>) {
      const [row] = await tx.update(plans).set(changes).where(eq(plans.id, id)).returning();
      return row ? toPlan(row) : undefined;
    },

    // ------------------------------------------------------------------------------------------ stats

    async stats(): Promise<AdminStats> {
      const clientFigures = db
        .select({
          total: count(),
          newThisMonth: sql<number>`count(*) filter (where ${users.createdAt} >= date_trunc('month', now()))::int`,
          disabled: sql<number>`count(*) filter (where ${users.disabledAt} is not null)::int`,
          // Active: signed in during the last 30 days (the session records signedInAt; sessions are pruned
          // once idle for 7 days, so any live session also counts), or sent a review request in that time.
          active: sql<number>`count(*) filter (where ${users.disabledAt} is null and (
            exists (select 1 from ${sessions} s where s.user_id = ${outerUserId} and (
              s.expires_at > now()
              or (s.sess->>'signedInAt') ~ '^[0-9]+$'
                 and to_timestamp((s.sess->>'signedInAt')::bigint / 1000.0) >= now() - interval '30 days'))
            or exists (select 1 from ${reviewRequests} rr where rr.owner_id = ${outerUserId}
              and rr.created_at >= now() - interval '30 days')))::int`,
        })
        .from(users)
        .where(eq(users.role, 'client'));

      // Twelve Monday-started weeks (UTC), this week last; weeks with nothing still appear with 0.
      const weekly = db.execute<{ week: string; reviews: number; requests: number }>(sql`
        with weeks as (
          select generate_series(
            date_trunc('week', now() at time zone 'UTC') - interval '11 weeks',
            date_trunc('week', now() at time zone 'UTC'),
            interval '1 week') as week
        ),
        r as (
          select date_trunc('week', ${reviews.createdAt} at time zone 'UTC') as week, count(*)::int as n
          from ${reviews}
          where ${reviews.createdAt} >= (date_trunc('week', now() at time zone 'UTC') - interval '11 weeks') at time zone 'UTC'
          group by 1
        ),
        q as (
          select date_trunc('week', ${reviewRequests.createdAt} at time zone 'UTC') as week, count(*)::int as n
          from ${reviewRequests}
          where ${reviewRequests.createdAt} >= (date_trunc('week', now() at time zone 'UTC') - interval '11 weeks') at time zone 'UTC'
          group by 1
        )
        select to_char(weeks.week, 'YYYY-MM-DD') as week,
               coalesce(r.n, 0)::int as reviews,
               coalesce(q.n, 0)::int as requests
        from weeks
        left join r on r.week = weeks.week
        left join q on q.week = weeks.week
        order by weeks.week`);

      const failedSince = sql`coalesce(${reviewRequests.failedAt}, ${reviewRequests.createdAt})`;
      const recentFailure = and(
        eq(reviewRequests.status, 'failed'),
        sql`${failedSince} >= now() - interval '30 days'`,
      );
      const failureCount = db.select({ n: count() }).from(reviewRequests).where(recentFailure);
      const latestFailures = db
        .select({
          id: reviewRequests.id,
          clientId: reviewRequests.ownerId,
          companyName: users.companyName,
          firstName: users.firstName,
          method: reviewRequests.method,
          reason: reviewRequests.failureReason,
          failedAt: sql<Date>`${failedSince}`.mapWith(reviewRequests.createdAt),
        })
        .from(reviewRequests)
        .innerJoin(users, eq(users.id, reviewRequests.ownerId))
        .where(recentFailure)
        .orderBy(desc(failedSince), desc(reviewRequests.id))
        .limit(5);
      const recentSignUps = db
        .select({
          id: users.id,
          companyName: users.companyName,
          firstName: users.firstName,
          email: users.email,
          createdAt: users.createdAt,
        })
        .from(users)
        .where(eq(users.role, 'client'))
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(5);

      const [[clientsRow], weeklyResult, [failures], latest, signUps] = await Promise.all([
        clientFigures,
        weekly,
        failureCount,
        latestFailures,
        recentSignUps,
      ]);
      return {
        clients: {
          total: Number(clientsRow?.total ?? 0),
          newThisMonth: Number(clientsRow?.newThisMonth ?? 0),
          active: Number(clientsRow?.active ?? 0),
          disabled: Number(clientsRow?.disabled ?? 0),
        },
        weekly: rowsOf<{ week: string; reviews: number; requests: number }>(weeklyResult).map((row) => ({
          week: String(row.week),
          reviews: Number(row.reviews),
          requests: Number(row.requests),
        })),
        deliveryFailures: {
          last30Days: Number(failures?.n ?? 0),
          latest: latest.map((row) => ({
            id: row.id,
            clientId: row.clientId,
            companyName: row.companyName || row.firstName,
            method: row.method,
            reason: row.reason ?? 'Unknown reason',
            failedAt: new Date(row.failedAt).toISOString(),
          })),
        },
        recentSignUps: signUps.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      };
    },

    // ----------------------------------------------------------------------------------------- outbox

    async listOutbox(query: { channel?: Channel; page: number; pageSize: number }) {
      const where = query.channel ? eq(outboundMessages.channel, query.channel) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select({
            message: outboundMessages,
            companyName: users.companyName,
            firstName: users.firstName,
          })
          .from(outboundMessages)
          .leftJoin(users, eq(users.id, outboundMessages.ownerId))
          .where(where)
          .orderBy(desc(outboundMessages.createdAt), desc(outboundMessages.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ total: count() }).from(outboundMessages).where(where),
      ]);
      const messages: OutboxMessage[] = rows.map(({ message, companyName, firstName }) => ({
        id: message.id,
        channel: message.channel,
        transport: message.transport,
        recipient: message.recipient,
        subject: message.subject,
        body: message.body,
        html: message.html,
        status: message.status,
        providerMessageId: message.providerMessageId,
        providerResponse: message.providerResponse,
        error: message.error,
        createdAt: message.createdAt.toISOString(),
        client:
          message.ownerId === null
            ? null
            : { id: message.ownerId, companyName: companyName || firstName || `Client #${message.ownerId}` },
      }));
      return { rows: messages, total: Number(total?.total ?? 0) };
    },

    // ------------------------------------------------------------------------------------------ audit

    async listAudit(query: { clientId?: number; page: number; pageSize: number }) {
      const where = query.clientId ? eq(auditLog.targetClientId, query.clientId) : undefined;
      const target = db
        .select({ id: users.id, companyName: users.companyName, firstName: users.firstName })
        .from(users)
        .as('target');
      const [rows, [total]] = await Promise.all([
        db
          .select({
            entry: auditLog,
            actorEmail: users.email,
            targetCompany: target.companyName,
            targetFirstName: target.firstName,
          })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          .leftJoin(target, eq(target.id, auditLog.targetClientId))
          .where(where)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ total: count() }).from(auditLog).where(where),
      ]);
      const entries: AuditEntry[] = rows.map(({ entry, actorEmail, targetCompany, targetFirstName }) => ({
        id: entry.id,
        action: entry.action,
        actor: entry.actorId === null ? null : { id: entry.actorId, email: actorEmail ?? '' },
        targetClient:
          entry.targetClientId === null
            ? null
            : {
                id: entry.targetClientId,
                // A deleted client keeps its entries; the name then comes from the entry's details.
                companyName:
                  targetCompany ||
                  targetFirstName ||
                  String(
                    (entry.details as Record<string, unknown>).companyName ??
                      `Client #${entry.targetClientId}`,
                  ),
              },
        details: entry.details as Record<string, unknown>,
        createdAt: entry.createdAt.toISOString(),
      }));
      return { rows: entries, total: Number(total?.total ?? 0) };
    },
  };
}

/** node-postgres answers `{ rows }`, PGlite answers `{ rows }` too, but typed differently. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
