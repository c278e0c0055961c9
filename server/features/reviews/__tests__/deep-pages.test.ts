import { Placeholder, sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/client';
import { planOf } from '../../../testing/query-plan';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../testing/factories';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { createReviewsRepository, DEEP_PAGE_OFFSET, PREPARED_REVIEW_FILTERS } from '../reviews.repository';
import { totalPastFirstPage } from './pages';

const REVIEWS = 1_500;

describe.each(testDatabaseKinds)('a deep page by number on %s', (kind) => {
  let database: TestDatabase;
  let ownerId: number;
  const statements: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind, (text) => statements.push(text));
    const db = database.handle.db;
    ownerId = (await createUser(db)).id;
    const other = await createUser(db);
    // Over 40 days, several reviews on each second, some at midnight UTC exactly and some dated ahead of the
    // clock; every source, rating and answer; and another client's reviews on the same days.
    for (const owner of [ownerId, other.id]) {
      await db.execute(sql`insert into reviews (owner_id, type, rating, content, reviewer_name, created_at,
                                                response_content, responded_at, recommendation)
        select ${owner}, (array['google', 'facebook', 'private', 'video'])[1 + g % 4], 1 + (g * 7) % 5,
               'Review ' || g, 'Guest ' || g,
               case when g % 50 = 0 then date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'
                                         - make_interval(days => g % 40)
                    else now() + interval '2 days' - make_interval(secs => (g * 2311) % (40 * 86400)) end,
               case when g % 3 = 0 then 'Thanks' end, case when g % 3 = 0 then now() end,
               case when g % 97 = 1 and g % 4 = 1 then 'positive' end
          from generate_series(1, ${REVIEWS}) g`);
    }
  });
  afterAll(async () => {
    await database?.drop();
  });

  it.each(PREPARED_REVIEW_FILTERS)(
    'when a %s page is found on its day, then it is the page a plain offset gives, at any depth',
    async (filter) => {
      const repo = createReviewsRepository(database.handle.db);
      const total = await totalPastFirstPage(repo, ownerId, { filter }, 10_000);
      const onItsDay = repo.commonPageQueries(filter, 10).onItsDay.prepare(`deep_page_test_${filter}`);
      const middle = Math.floor(total / 2);
      const offsets = [1, 9, 10, middle, middle + 1, total - 25, total - 3, total, total + 40];

      for (const offset of offsets) {
        const found = await onItsDay.execute({ ownerId, offset });
        const skipped = await repo.listQuery(ownerId, { filter }, { limit: 10, offset });

        expect(found).toEqual(skipped);
        expect(found).toHaveLength(Math.max(0, Math.min(10, total - offset)));
      }
    },
  );

  it('when the list is asked for a page from the deep offset on, then it is found on its day', async () => {
    const repo = createReviewsRepository(database.handle.db);
    const foundOnItsDay = async (offset: number) => {
      statements.length = 0;
      const { rows } = await repo.page(ownerId, { filter: 'all' }, { limit: 10, offset }, 10_000);
      expect(rows).toEqual(await repo.listQuery(ownerId, { filter: 'all' }, { limit: 10, offset }));
      // The page's rows and its count are read at once: either statement may be logged first.
      return statements.some((statement) => statement.includes('landing'));
    };

    expect(await foundOnItsDay(DEEP_PAGE_OFFSET - 1)).toBe(false);
    expect(await foundOnItsDay(DEEP_PAGE_OFFSET)).toBe(true);
    expect(await foundOnItsDay(DEEP_PAGE_OFFSET + 7)).toBe(true);
  });

  it('when a deep page is asked for, then it is read on its day: the reviews before it are not all skipped', async () => {
    const repo = createReviewsRepository(database.handle.db);
    const query = repo.commonPageQueries('all', 10).onItsDay.toSQL();
    const values: Record<string, unknown> = { ownerId, offset: 1_200 };
    const text = query.sql.replace(/\$(\d+)/g, (_, n: string) => {
      const param = query.params[Number(n) - 1];
      return String(param instanceof Placeholder ? values[param.name] : param);
    });

    const [row] = rowsOf<{ 'QUERY PLAN': unknown }>(
      await database.handle.db.execute(sql.raw(`explain (analyze, format json) ${text}`)),
    );
    const plan =
      typeof row!['QUERY PLAN'] === 'string' ? row!['QUERY PLAN'] : JSON.stringify(row!['QUERY PLAN']);
    const reviewScans = plan.match(/"Relation Name":"reviews"[^}]*?"Actual Rows":\d+/g) ?? [];

    // The page's own reviews, and before them only those of its day: far fewer than the 1,200 before it.
    expect(reviewScans.length).toBeGreaterThan(0);
    for (const scan of reviewScans) expect(Number(/"Actual Rows":(\d+)/.exec(scan)![1])).toBeLessThan(200);
  });

  it('when a deep page is planned once for every client, then it walks indexes and sorts only its own ten rows', async () => {
    const repo = createReviewsRepository(database.handle.db);
    for (const filter of PREPARED_REVIEW_FILTERS) {
      const query = repo.commonPageQueries(filter, 10).onItsDay.toSQL();

      const nodes = await planOf(database.handle.db, query, { ownerId, offset: 1_200 });

      expect(nodes).not.toContain('Seq Scan');
      expect(nodes).toContain('WindowAgg');
      // The page's rows in order after the join to their reviews and locations: the plan's last step.
      expect(nodes.slice(1)).not.toContain('Sort');
    }
  });
});
