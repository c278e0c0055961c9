import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_FILTERS, REVIEW_PAGE_SIZE } from '@shared/schemas/reviews';
import { DASHBOARD_WINDOW_DAYS } from '@shared/schemas/dashboard';
import { rowsOf, type DatabaseHandle } from '../db/client';
import { createDashboardRepository } from '../features/dashboard/dashboard.repository';
import { createDashboardService } from '../features/dashboard/dashboard.service';
import { createReviewsRepository, PREPARED_REVIEW_FILTERS } from '../features/reviews/reviews.repository';
import { createReviewsService } from '../features/reviews/reviews.service';
import { DatabaseSessionStore } from '../lib/session-store';
import { createLocation, createUser } from '../testing/factories';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing/test-db';
import { wholeClient } from '../db/scope';

/**
 * The reads behind every signed-in page (the session, a page of reviews, the dashboard) run as named prepared
 * statements so that Postgres plans each once per connection. It keeps a statement's generic plan only when that
 * costs no more than the plans made with its values; a value that changes the estimates (a bound `limit`, the
 * dashboard's bound window lengths) kept every statement on a plan made afresh for each request. Only a server
 * shows it: the embedded database's driver sends no statement names.
 */
describe.skipIf(!testDatabaseKinds.includes('postgres'))('the prepared reads on a Postgres server', () => {
  let database: TestDatabase;
  let oneConnection: DatabaseHandle;
  const owners: number[] = [];

  /** `count` reviews of every kind over two years, written in one statement as the bench seeds them. */
  async function seedReviews(ownerId: number, locationId: number, count: number) {
    await database.handle.db.execute(sql`
      insert into reviews (owner_id, location_id, type, rating, content, reviewer_name, created_at,
                           response_content, responded_at)
      select ${ownerId}, ${locationId}, (array['google', 'facebook', 'private', 'video'])[1 + g % 4],
             1 + g % 5, 'Review ' || g, 'Customer ' || g,
             now() - make_interval(secs => (g * 104729) % (730 * 86400)),
             case when g % 3 = 0 then 'Thank you' end,
             case when g % 3 = 0 then now() - make_interval(secs => (g * 104729) % (730 * 86400)) end
        from generate_series(1, ${count}::int) g`);
  }

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    // Clients as a server holds them: many small ones and a big one (the bench's 1,000 and one of 200,000).
    const clients = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const user = await createUser(database.handle.db);
        const location = await createLocation(database.handle.db, user.id);
        await seedReviews(user.id, location.id, i === 0 ? 10_000 : 1_000);
        return user.id;
      }),
    );
    owners.push(clients[0]!, clients[1]!);
    await database.handle.db.execute(sql`analyze`);
    // One connection: a prepared statement and its plans belong to the connection that prepared it.
    oneConnection = await database.reopen(1);
  }, 60_000);
  afterAll(async () => {
    await database?.drop();
  });

  it('when each has run a few times for a big and a small client, then the session, every first page, its count and the dashboard run on their generic plans', async () => {
    const db = oneConnection.db;
    const reviews = createReviewsService(createReviewsRepository(db));
    const dashboard = createDashboardService(createDashboardRepository(db));
    const sessions = new DatabaseSessionStore(db);
    const readSession = (sid: string) => new Promise((resolve) => sessions.get(sid, resolve));

    for (let run = 0; run < 8; run += 1) {
      for (const ownerId of owners) {
        for (const filter of REVIEW_FILTERS) {
          const first = await reviews.list(wholeClient(ownerId), {
            filter,
            page: 1,
            pageSize: REVIEW_PAGE_SIZE,
          });
          await reviews.list(wholeClient(ownerId), { filter, page: 2, pageSize: REVIEW_PAGE_SIZE });
          if (first.nextCursor) {
            await reviews.list(wholeClient(ownerId), {
              filter,
              pageSize: REVIEW_PAGE_SIZE,
              cursor: first.nextCursor,
            });
          }
        }
        await dashboard.stats(wholeClient(ownerId), DASHBOARD_WINDOW_DAYS);
        await dashboard.charts(wholeClient(ownerId));
        await readSession(`no-such-session-${run}`);
      }
    }

    const generic = new Map(
      rowsOf<{ name: string; generic_plans: number }>(
        await db.execute(sql`select name, generic_plans from pg_prepared_statements`),
      ).map((statement) => [statement.name, Number(statement.generic_plans)]),
    );
    // Pages past the first (by offset or cursor) are left to Postgres: their values can make a plan of their
    // own cheaper, and they are a small share of the pages asked for.
    const planOnce = [
      'session_with_owner',
      'dashboard_figures_30',
      'dashboard_weekly',
      'dashboard_distribution',
      ...PREPARED_REVIEW_FILTERS.flatMap((filter) => [
        `reviews_first_${filter}_${REVIEW_PAGE_SIZE}`,
        `reviews_count_${filter}`,
      ]),
    ];
    expect(planOnce.filter((name) => !generic.has(name))).toEqual([]);
    expect(planOnce.filter((name) => generic.get(name) === 0)).toEqual([]);
  });
});
