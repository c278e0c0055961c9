import { Placeholder, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_FILTERS } from '@shared/schemas/reviews';
import { rowsOf, type Database } from '../../../db/client';
import { createLocation, createReview, createUser } from '../../../testing/factories';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { createReviewsRepository } from '../reviews.repository';

interface PlanNode {
  'Node Type': string;
  Plans?: PlanNode[];
}

const nodeTypes = (node: PlanNode): string[] => [node['Node Type'], ...(node.Plans ?? []).flatMap(nodeTypes)];

const literal = (value: unknown) =>
  typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;

/** The query with its parameters written in (EXPLAIN takes no parameters through every driver alike). */
function inline(query: { sql: string; params: unknown[] }): string {
  return query.sql.replace(/\$(\d+)/g, (_, n: string) => literal(query.params[Number(n) - 1]));
}

let prepared = 0;

/**
 * The plan Postgres makes once whole-table scans and sorts are priced out (as they are for page 1 of 200,000
 * reviews): a Sort left in it means no index delivers the list's order. SET LOCAL keeps the settings to this
 * transaction.
 */
async function planOf(
  db: Database,
  query: { sql: string; params: unknown[] },
  /** For a prepared statement's query: its placeholders' values; the plan is then its generic plan. */
  values?: Record<string, unknown>,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    await tx.execute(sql`set local enable_sort = off`);
    await tx.execute(sql`set local enable_incremental_sort = off`);
    let explained = inline(query);
    if (values) {
      // The plan Postgres keeps for a prepared statement after a few runs, made without its values.
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      const name = `plan_check_${(prepared += 1)}`;
      await tx.execute(sql.raw(`prepare ${name} as ${query.sql}`));
      const args = query.params.map((param) =>
        literal(param instanceof Placeholder ? values[param.name] : param),
      );
      explained = `execute ${name}(${args.join(', ')})`;
    }
    const result = await tx.execute(sql.raw(`explain (format json) ${explained}`));
    const [row] = rowsOf<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(result);
    const plan = row!['QUERY PLAN'];
    const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: PlanNode }];
    if (values) await tx.execute(sql.raw(`deallocate all`));
    return nodeTypes(parsed[0].Plan);
  });
}

describe.each(testDatabaseKinds)('the review list plans on %s', (kind) => {
  let database: TestDatabase;
  let ownerId: number;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
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

  it.each(REVIEW_FILTERS)(
    'when a common %s page runs prepared, then its generic plan walks an index by offset and by cursor, and its count stops at its bound',
    async (filter) => {
      const repo = createReviewsRepository(database.handle.db);
      const queries = repo.commonPageQueries(filter);
      const values = {
        ownerId,
        limit: 10,
        offset: 0,
        afterAt: '2026-01-01T00:00:00.000000Z',
        afterId: 1_000_000,
        upTo: 10_001,
      };

      for (const page of [queries.first, queries.byOffset, queries.byCursor]) {
        const nodes = await planOf(database.handle.db, page.toSQL(), values);
        expect(nodes).not.toContain('Sort');
        expect(nodes).not.toContain('Incremental Sort');
        expect(nodes.some((type) => type.startsWith('Index'))).toBe(true);
      }
      const counted = await planOf(database.handle.db, queries.count.toSQL(), values);
      expect(counted.slice(0, 2)).toEqual(['Aggregate', 'Limit']);
      expect(counted.some((type) => type.startsWith('Index'))).toBe(true);
    },
  );

  it("when a common page is listed through its prepared statements, then its reviews, next page and count are the unprepared query's", async () => {
    const repo = createReviewsRepository(database.handle.db);
    for (const filter of REVIEW_FILTERS) {
      for (const offset of [0, 2]) {
        const common = await repo.list(ownerId, { filter }, { limit: 4, offset });
        const unprepared = await repo.listQuery(ownerId, { filter }, { limit: 4, offset });
        expect(common).toEqual(unprepared);
      }
      // A page by offset (skipped in the index, then joined) is the same rows as the first page's tail.
      const firstSix = await repo.list(ownerId, { filter }, { limit: 6, offset: 0 });
      expect(await repo.list(ownerId, { filter }, { limit: 4, offset: 2 })).toEqual(firstSix.slice(2));
      const common = await repo.list(ownerId, { filter }, { limit: 4, offset: 2 });
      const last = common.at(-1);
      if (last) {
        const after = { createdAt: last.cursorAt, id: last.id };
        const next = await repo.list(ownerId, { filter }, { limit: 4, after });
        expect(next.map((r) => r.id)).toEqual(
          (await repo.listQuery(ownerId, { filter }, { limit: 4, after })).map((r) => r.id),
        );
      }
      expect(await repo.count(ownerId, { filter }, 5)).toBe(
        (await repo.countQuery(ownerId, { filter }, 5))[0]!.total,
      );
    }
  });
});
