import { and, count, desc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/client';
import { reviewRequests, reviews, sessions, users } from '../../db/schema';
import type { AdminStats } from '@shared/schemas/admin';

// Outer columns of correlated subqueries are written out: drizzle leaves a column unqualified when a query
// reads a single table, and "id" inside the subquery would then mean the subquery's own id.
const outerUserId = sql.raw('"users"."id"');

/** The admin dashboard's figures: clients, twelve weeks of reviews and requests, delivery failures, sign-ups. */
export function createAdminStatsRepository(db: Database) {
  return {
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
  };
}

/** node-postgres answers `{ rows }`, PGlite answers `{ rows }` too, but typed differently. */
export type AdminStatsRepository = ReturnType<typeof createAdminStatsRepository>;
