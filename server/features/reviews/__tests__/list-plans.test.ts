import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_FILTERS, REVIEW_PAGE_SIZE } from '@shared/schemas/reviews';
import { createLocation, createReview, createUser } from '../../../testing/factories';
import { planOf } from '../../../testing/query-plan';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import {
  createReviewsRepository,
  PREPARED_REVIEW_FILTERS,
  SEARCH_COUNT_WALK_ROWS,
  SEARCH_EVERY_REVIEW_UP_TO,
  type ReviewListCriteria,
  type ReviewListWindow,
} from '../reviews.repository';
import { rowsOfPage, totalPastFirstPage } from './pages';

describe.each(testDatabaseKinds)('the review list plans on %s', (kind) => {
  let database: TestDatabase;
  let ownerId: number;
  const statements: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind, (text) => statements.push(text));
    const db = database.handle.db;
    const user = await createUser(db);
    const location = await createLocation(db, user.id);
    ownerId = user.id;
    for (let i = 0; i < 30; i += 1) {
      await createReview(db, user.id, {
        locationId: location.id,
        rating: (i % 5) + 1,
        type: (['google', 'facebook', 'private', 'video'] as const)[i % 4],
        responseContent: i % 3 === 0 ? 'Thank you' : null,
        // Some replies wait for their site (issue 41): the "unpublished" filter has rows to walk.
        ...(i % 5 === 1 && { pendingReply: 'Thank you', replyPublishState: 'pending' as const }),
      });
    }
    // Vacuumed as autovacuum would: the visibility map lets a deep page skip its rows in the index alone.
    await db.execute(sql`vacuum analyze reviews`);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it.each(REVIEW_FILTERS)(
    'when the list is filtered by %s, then page 1 walks an index and never sorts',
    async (filter) => {
      const repo = createReviewsRepository(database.handle.db);
      const query = repo.listQuery(ownerId, { filter }, { limit: 10, offset: 0 }).toSQL();

      const nodes = await planOf(database.handle.db, query);

      expect(nodes).not.toContain('Sort');
      expect(nodes).not.toContain('Incremental Sort');
      expect(nodes.some((type) => type.startsWith('Index'))).toBe(true);
    },
  );

  /** The plan of `query` (as JSON text) with the planner told to avoid the given scans. */
  const planAvoiding = (query: { sql: string; params: unknown[] }, scans: string[]) =>
    database.handle.db.transaction(async (tx) => {
      for (const scan of scans) await tx.execute(sql.raw(`set local enable_${scan} = off`));
      const params = query.params.map((p) => (typeof p === 'number' ? String(p) : `'${String(p)}'`));
      const text = query.sql.replace(/\$(\d+)/g, (_, n: string) => params[Number(n) - 1]!);
      return JSON.stringify(rowsOf(await tx.execute(sql.raw(`explain (format json) ${text}`))));
    });

  it('when the list is filtered by unpublished, then its page and its count walk the waiting replies index', async () => {
    const repo = createReviewsRepository(database.handle.db);
    const criteria = { filter: 'unpublished' as const };
    for (const query of [
      repo.listQuery(ownerId, criteria, { limit: 10, offset: 0 }).toSQL(),
      repo.countQuery(ownerId, criteria, 10_001).toSQL(),
    ]) {
      const plan = await planAvoiding(query, ['seqscan', 'bitmapscan']);
      expect(plan).toContain('reviews_owner_reply_waiting_idx');
      expect(plan).not.toContain('"Sort"');
    }
  });

  it.each(REVIEW_FILTERS)(
    'when the %s list skips to a deep page by offset, then it skips in the index alone and never sorts',
    async (filter) => {
      const repo = createReviewsRepository(database.handle.db);
      const query = repo.listQuery(ownerId, { filter }, { limit: 10, offset: 20 }).toSQL();

      const nodes = await planOf(database.handle.db, query);

      expect(nodes).not.toContain('Sort');
      expect(nodes).not.toContain('Incremental Sort');
      // The skipped rows come from an index-only scan: no row of the table is read to be thrown away.
      expect(nodes).toContain('Index Only Scan');
    },
  );

  it.each(REVIEW_FILTERS)(
    'when the %s list goes on from a cursor (a deep page by keyset), then it starts in an index and never sorts',
    async (filter) => {
      const repo = createReviewsRepository(database.handle.db);
      const after = { createdAt: '2026-01-01T00:00:00.000000Z', id: 1_000_000 };
      const query = repo.listQuery(ownerId, { filter }, { limit: 10, after }).toSQL();

      const nodes = await planOf(database.handle.db, query);

      expect(nodes).not.toContain('Sort');
      expect(nodes).not.toContain('Incremental Sort');
      expect(nodes.some((type) => type.startsWith('Index'))).toBe(true);
    },
  );

  it.each(REVIEW_FILTERS)(
    'when the list counts the %s reviews, then the count stops at its bound over an index',
    async (filter) => {
      const repo = createReviewsRepository(database.handle.db);
      const query = repo.countQuery(ownerId, { filter }, 10_001).toSQL();

      const nodes = await planOf(database.handle.db, query);

      // Aggregate over Limit over an index: at most 10,001 entries read, whatever the client holds.
      expect(nodes.slice(0, 2)).toEqual(['Aggregate', 'Limit']);
      expect(nodes.some((type) => type.startsWith('Index'))).toBe(true);
    },
  );

  it.each(PREPARED_REVIEW_FILTERS)(
    'when a common %s page runs prepared, then its generic plan walks an index by offset and by cursor, and its count reads one totals row',
    async (filter) => {
      const repo = createReviewsRepository(database.handle.db);
      const values = {
        ownerId,
        limit: 10,
        offset: 0,
        afterAt: '2026-01-01T00:00:00.000000Z',
        afterId: 1_000_000,
        upTo: 10_001,
      };

      // The app's own page size written in, and any other size bound as a value.
      for (const queries of [
        repo.commonPageQueries(filter, REVIEW_PAGE_SIZE),
        repo.commonPageQueries(filter),
      ]) {
        for (const page of [queries.first, queries.byOffset, queries.byCursor]) {
          const nodes = await planOf(database.handle.db, page.toSQL(), values);
          expect(nodes).not.toContain('Sort');
          expect(nodes).not.toContain('Incremental Sort');
          // The first page's count reads the totals row by an index too: no table is read whole.
          expect(nodes).not.toContain('Seq Scan');
          expect(nodes.some((type) => type.startsWith('Index'))).toBe(true);
        }
        // One row: the client's all-time totals, by its primary key.
        expect(await planOf(database.handle.db, queries.count.toSQL(), values)).toEqual(['Index Scan']);
      }
    },
  );

  it.each(REVIEW_FILTERS)(
    'when a common %s page is counted, then its total is the number of its reviews, up to the bound',
    async (filter) => {
      const repo = createReviewsRepository(database.handle.db);
      const [live] = await repo.countQuery(ownerId, { filter }, 10_001);

      expect(live!.total).toBeGreaterThan(3);
      expect(await totalPastFirstPage(repo, ownerId, { filter }, 10_001)).toBe(live!.total);
      expect(await totalPastFirstPage(repo, ownerId, { filter }, 3)).toBe(3);
    },
  );

  it('when a client has no review yet, then every common count is 0', async () => {
    const repo = createReviewsRepository(database.handle.db);
    const newcomer = await createUser(database.handle.db);
    for (const filter of REVIEW_FILTERS) {
      expect(await totalPastFirstPage(repo, newcomer.id, { filter }, 10_001)).toBe(0);
      expect(await repo.page(newcomer.id, { filter }, { limit: 10, offset: 0 }, 10_001)).toEqual({
        rows: [],
        total: 0,
      });
    }
  });

  it.each(REVIEW_FILTERS)(
    'when the first %s page is read with its count in one statement, then its rows are the list and its total the count, up to the bound',
    async (filter) => {
      const repo = createReviewsRepository(database.handle.db);
      const [live] = await repo.countQuery(ownerId, { filter }, 10_001);

      for (const limit of [REVIEW_PAGE_SIZE, 4]) {
        const unprepared = await repo.listQuery(ownerId, { filter }, { limit, offset: 0 });
        const window = { limit, offset: 0 };
        expect(await repo.page(ownerId, { filter }, window, 10_001)).toEqual({
          rows: unprepared,
          total: live!.total,
        });
        expect((await repo.page(ownerId, { filter }, window, 3)).total).toBe(3);
      }
    },
  );

  it("when a common page is listed through its prepared statements, then its reviews, next page and count are the unprepared query's", async () => {
    const repo = createReviewsRepository(database.handle.db);
    for (const filter of REVIEW_FILTERS) {
      // A page of the app's own size (its size written into the statements) and of another size (bound).
      for (const limit of [REVIEW_PAGE_SIZE, 4]) {
        for (const offset of [0, 2]) {
          const common = await rowsOfPage(repo, ownerId, { filter }, { limit, offset });
          const unprepared = await repo.listQuery(ownerId, { filter }, { limit, offset });
          expect(common).toEqual(unprepared);
        }
        const [last] = (await rowsOfPage(repo, ownerId, { filter }, { limit, offset: 0 })).slice(-1);
        if (last) {
          const after = { createdAt: last.cursorAt, id: last.id };
          expect(await rowsOfPage(repo, ownerId, { filter }, { limit, after })).toEqual(
            await repo.listQuery(ownerId, { filter }, { limit, after }),
          );
        }
      }
      // A page by offset (skipped in the index, then joined) is the same rows as the first page's tail.
      const firstSix = await rowsOfPage(repo, ownerId, { filter }, { limit: 6, offset: 0 });
      expect(await rowsOfPage(repo, ownerId, { filter }, { limit: 4, offset: 2 })).toEqual(firstSix.slice(2));
      const common = await rowsOfPage(repo, ownerId, { filter }, { limit: 4, offset: 2 });
      const last = common.at(-1);
      if (last) {
        const after = { createdAt: last.cursorAt, id: last.id };
        const next = await rowsOfPage(repo, ownerId, { filter }, { limit: 4, after });
        expect(next.map((r) => r.id)).toEqual(
          (await repo.listQuery(ownerId, { filter }, { limit: 4, after })).map((r) => r.id),
        );
      }
      expect(await totalPastFirstPage(repo, ownerId, { filter }, 5)).toBe(
        (await repo.countQuery(ownerId, { filter }, 5))[0]!.total,
      );
    }
  });

  /** Each scan of a reviews index in a plan (as JSON text), with its index condition. */
  const indexScansIn = (plan: string) =>
    plan.match(/"Index Name":"reviews_[^"]+"[^}]*?"Index Cond":"[^"]+"/g) ?? [];

  /** The scans of a search through the trigram indexes: both, each with the owner's condition first. */
  const ownersTrigramLookup = [
    expect.stringMatching(/reviews_owner_content_trgm_idx.*owner_id = \d+.*content ~~\*/),
    expect.stringMatching(/reviews_owner_reviewer_name_trgm_idx.*owner_id = \d+.*reviewer_name ~~\*/),
  ];

  // Last: it adds thousands of reviews of other clients, which the plans above do not expect.
  it('when a client searches for a rare word, then the trigram indexes find it among its own reviews, owner first', async () => {
    const db = database.handle.db;
    const others = [await createUser(db), await createUser(db)];
    for (const owner of [ownerId, ...others.map((other) => other.id)]) {
      await db.execute(sql`insert into reviews (owner_id, type, rating, content, reviewer_name)
        select ${owner}, 'private', 1 + g % 5,
               case when g % 1000 = 7 then 'A trip to Zanzibar' else 'Kind staff, visit ' || g end, 'Guest ' || g
          from generate_series(1, 3000) g`);
    }
    await db.execute(sql`vacuum analyze reviews`);
    const repo = createReviewsRepository(db);
    const criteria = { filter: 'all' as const, q: 'zanzibar' };
    for (const query of [
      repo.listQuery(ownerId, criteria, { limit: 10, offset: 0 }).toSQL(),
      repo.countQuery(ownerId, criteria, 1_001).toSQL(),
    ]) {
      const plan = await planAvoiding(query, ['seqscan']);
      const scans = indexScansIn(plan);

      expect(scans).toEqual(ownersTrigramLookup);
    }

    // A bigger client's page with its count looks the word up once: each trigram index is read once.
    const lookedUp = await planAvoiding(
      repo.lookedUpPageQuery(ownerId, criteria, { limit: 10, offset: 0 }, 1_001).toSQL(),
      ['seqscan'],
    );
    const lookups = indexScansIn(lookedUp).filter((scan) => scan.includes('~~*'));
    expect(lookups).toEqual(ownersTrigramLookup);

    // A client with few reviews reads all of them by owner, whatever the word: no index looks the word up
    // (the planner may reach the owner's rows through the owner_id column of a trigram index, btree_gin's).
    for (const q of ['zanzibar', 'staff']) {
      const everyReview = { filter: 'all' as const, q, searchEveryReview: true };
      for (const query of [
        repo.listQuery(ownerId, everyReview, { limit: 10, offset: 0 }).toSQL(),
        repo.countQuery(ownerId, everyReview, 1_001).toSQL(),
      ]) {
        const plan = await planAvoiding(query, ['seqscan']);
        const conditions = plan.match(/"Index Cond":"[^"]+"/g) ?? [];
        expect(conditions).toContainEqual(expect.stringMatching(/^"Index Cond":"\(owner_id = \d+\)"$/));
        for (const condition of conditions) expect(condition).not.toContain('~~*');
      }
    }
  });

  it('when a client searches, then a small one reads its own reviews and a big one the trigram indexes', async () => {
    const db = database.handle.db;
    const repo = createReviewsRepository(db);
    const searchedBy = async () => {
      statements.length = 0;
      await repo.page(ownerId, { filter: 'all', q: 'zanzibar' }, { limit: 10, offset: 0 }, 1_001);
      return statements.filter((text) => text.includes('ilike'));
    };

    const small = await searchedBy();
    expect(small).toHaveLength(2);
    for (const text of small) expect(text).toContain('coalesce("reviews"."content", \'\') ilike');

    // The totals row says how many reviews the client has (kept by the trigger; set here for the test).
    await db.execute(
      sql`update review_totals set reviews = ${SEARCH_EVERY_REVIEW_UP_TO + 1} where owner_id = ${ownerId}`,
    );
    try {
      // Its newest reviews are tested first (the next test); "zanzibar" is too rare to fill the page among them.
      // The page and its count then come from one lookup.
      const big = (await searchedBy()).filter((text) => !text.includes('"newest"'));
      expect(big).toHaveLength(1);
      expect(big[0]).toContain('"reviews"."content" ilike');
    } finally {
      await db.execute(sql`select review_daily_stats_rebuild()`);
    }
  });

  it('when a big client searches, then its newest reviews answer a common word and the trigram indexes a rare one', async () => {
    const db = database.handle.db;
    const repo = createReviewsRepository(db);
    await db.execute(
      sql`update review_totals set reviews = ${SEARCH_EVERY_REVIEW_UP_TO + 1} where owner_id = ${ownerId}`,
    );
    try {
      /** The page and count the trigram form answers, and the statements the repository ran for its own. */
      const searched = async (criteria: ReviewListCriteria, window: ReviewListWindow, upTo = 1_001) => {
        const expected = {
          rows: await repo.listQuery(ownerId, criteria, window),
          total: (await repo.countQuery(ownerId, criteria, upTo))[0]!.total,
        };
        statements.length = 0;
        const actual = await repo.page(ownerId, criteria, window, upTo);
        const ran = statements.filter((text) => text.includes('ilike'));
        return {
          actual,
          expected,
          walks: ran.filter((text) => text.includes('"newest"')).length,
          lookups: ran.filter((text) => text.includes('"reviews"."content" ilike')).length,
        };
      };

      // "staff" is in nearly every review: the newest hold the page and the count's cap.
      const common = await searched({ filter: 'all', q: 'staff' }, { limit: 10, offset: 0 });
      expect(common.actual).toEqual(common.expected);
      expect(common.actual.total).toBe(1_001);
      expect(common).toMatchObject({ walks: 2, lookups: 0 });

      // "visit 29" is in 111 of them, the newest ones: the page is walked; the count falls short of its cap
      // within the walk and is counted by the trigram lookup.
      const clustered = await searched({ filter: 'all', q: 'visit 29' }, { limit: 10, offset: 0 });
      expect(clustered.actual).toEqual(clustered.expected);
      expect(clustered.actual.total).toBe(111);
      expect(clustered).toMatchObject({ walks: 2, lookups: 1 });

      // Three reviews say "Zanzibar": the walk cannot fill the page; one trigram lookup finds them and counts them.
      const rare = await searched({ filter: 'all', q: 'zanzibar' }, { limit: 10, offset: 0 });
      expect(rare.actual).toEqual(rare.expected);
      expect(rare.actual.rows).toHaveLength(3);
      expect(rare).toMatchObject({ walks: 1, lookups: 1 });

      // Past the first page, by number and by cursor, the lookup still counts every match, not only the page's
      // and those after it; a page beyond the last is empty and its count is looked up on its own.
      const [newestRare] = rare.actual.rows;
      for (const [window, lookups] of [
        [{ limit: 2, offset: 1 }, 1],
        [{ limit: 3, after: { createdAt: newestRare!.cursorAt, id: newestRare!.id } }, 1],
        [{ limit: 10, offset: 10 }, 2],
      ] as const) {
        const deeperRare = await searched({ filter: 'all', q: 'zanzibar' }, window);
        expect(deeperRare.actual).toEqual(deeperRare.expected);
        expect(deeperRare.actual.total).toBe(3);
        expect(deeperRare).toMatchObject({ walks: 1, lookups });
      }

      // A member limited to a location: the lookup finds and counts that location's matches only.
      const zanzibarSpot = await createLocation(db, ownerId);
      await db.execute(sql`update reviews set location_id = ${zanzibarSpot.id} where id = ${newestRare!.id}`);
      const inTheirLocation = await searched(
        { filter: 'all', q: 'zanzibar', locationIds: [zanzibarSpot.id] },
        { limit: 10, offset: 0 },
      );
      expect(inTheirLocation.actual).toEqual(inTheirLocation.expected);
      expect(inTheirLocation.actual.rows.map((row) => row.id)).toEqual([newestRare!.id]);
      expect(inTheirLocation.actual.total).toBe(1);
      expect(inTheirLocation).toMatchObject({ walks: 1, lookups: 1 });
      await db.execute(sql`update reviews set location_id = null where id = ${newestRare!.id}`);

      // A cap beyond the walk's reach is counted exactly, by the lookup.
      const wide = await searched(
        { filter: 'all', q: 'staff' },
        { limit: 10, offset: 0 },
        SEARCH_COUNT_WALK_ROWS + 1,
      );
      expect(wide.actual).toEqual(wide.expected);
      expect(wide.lookups).toBe(1);

      // A member limited to a location walks that location's newest reviews only (whereOf applies locationIds
      // to the walk as to the lookup): the same rows and totals as the lookup's, none from elsewhere.
      const limitedTo = await createLocation(db, ownerId);
      const empty = await createLocation(db, ownerId);
      await db.execute(sql`update reviews set location_id = ${limitedTo.id}
        where owner_id = ${ownerId} and content like 'Kind staff, visit 1%'`);
      for (const [locationIds, total] of [
        [[limitedTo.id], 1_001],
        [[empty.id], 0],
      ] as const) {
        const limited = await searched(
          { filter: 'all', q: 'staff', locationIds: [...locationIds] },
          { limit: 10, offset: 0 },
        );
        expect(limited.actual).toEqual(limited.expected);
        expect(limited.actual.total).toBe(total);
        expect(limited.walks).toBeGreaterThan(0);
        for (const row of limited.actual.rows) expect(row.locationId).toBe(limitedTo.id);
      }

      // Deeper pages, by number and by cursor, with a filter and a date range: the same rows as the lookup's.
      const [last] = common.actual.rows.slice(-1);
      const after = { createdAt: last!.cursorAt, id: last!.id };
      for (const criteria of [
        { filter: 'all' as const, q: 'staff' },
        { filter: 'negative' as const, q: 'visit 1' },
        { filter: 'all' as const, q: 'visit 2', from: '2000-01-01' },
      ]) {
        for (const window of [
          { limit: 10, offset: 30 },
          { limit: 7, after },
        ]) {
          const deeper = await searched(criteria, window);
          expect(deeper.actual).toEqual(deeper.expected);
        }
      }

      // The walks read the owner's newest reviews through an index, newest first, without sorting.
      for (const query of [
        repo.walkedPageQuery(ownerId, { filter: 'negative', q: 'staff' }, { limit: 10, offset: 0 }).toSQL(),
        repo.walkedCountQuery(ownerId, { filter: 'all', q: 'staff' }, 1_001).toSQL(),
      ]) {
        const nodes = await planOf(db, query);
        expect(nodes).not.toContain('Sort');
        expect(nodes.some((type) => type.startsWith('Index'))).toBe(true);
      }

      // Matches the walk cannot see (older than its newest SEARCH_COUNT_WALK_ROWS) still count: 111 among the
      // walked reviews, 2,000 beyond them, counted by the lookup up to the cap.
      await db.execute(sql`insert into reviews (owner_id, type, rating, content, reviewer_name, created_at)
        select ${ownerId}, 'private', 5, case when g > ${SEARCH_COUNT_WALK_ROWS} then 'Old visit 29' else 'Old' end,
               'Guest', now() - interval '1 year' - make_interval(secs => g)
          from generate_series(1, ${SEARCH_COUNT_WALK_ROWS + 2_000}) g`);
      await db.execute(sql`analyze reviews`);
      const beyond = await searched({ filter: 'all', q: 'visit 29' }, { limit: 10, offset: 0 });
      expect(beyond.actual).toEqual(beyond.expected);
      expect(beyond.actual.total).toBe(1_001);
    } finally {
      await db.execute(sql`select review_daily_stats_rebuild()`);
    }
  });
});
