import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database, type Executor } from '../client';
import { migrateDatabase, MIGRATIONS_DIR, readSqlDefinitions, SQL_DEFINITIONS_DIR } from '../migrate';
import { createReview, createUser } from '../../testing/factories';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../testing/test-db';

const FIGURES_FILE = 'review-figures.sql';

const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};

/** The functions and triggers a definition creates, by name. */
const namesDefinedBy = (text: string) =>
  [...text.matchAll(/CREATE\s+(?:OR\s+REPLACE\s+)?(?:FUNCTION|TRIGGER)\s+(\w+)/gi)].map((match) => match[1]!);

/** Every function and trigger of the database as Postgres prints it back, by name. */
async function definedObjects(db: Executor) {
  const functions = rowsOf<{ name: string; definition: string }>(
    await db.execute(sql`select p.proname as name, pg_get_functiondef(p.oid) as definition
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' order by 1`),
  );
  const triggers = rowsOf<{ name: string; definition: string }>(
    await db.execute(sql`select tgname as name, pg_get_triggerdef(oid) as definition
      from pg_trigger where not tgisinternal order by 1`),
  );
  return { functions, triggers };
}

async function figuresOf(db: Database, ownerId: number) {
  const [totals] = rowsOf<{ reviews: number; positive: number }>(
    await db.execute(sql`select reviews, positive from review_totals where owner_id = ${ownerId}`),
  );
  const [days] = rowsOf<{ positive: number }>(
    await db.execute(
      sql`select sum(positive)::int as positive from review_daily_stats where owner_id = ${ownerId}`,
    ),
  );
  return { ...totals, positiveByDay: days?.positive };
}

describe('the SQL definitions and the migrations', () => {
  it('when the migrations are read, then only the history before the figures file redefines its trigger', () => {
    const [figures] = readSqlDefinitions().filter((definition) => definition.name === FIGURES_FILE);
    const names = namesDefinedBy(figures!.text);
    expect(names).toEqual([
      'review_figures_of',
      'review_hourly_horizon',
      'review_figures_apply',
      'review_daily_stats_track',
      'review_daily_stats_rebuild',
      'review_hourly_stats_prune',
      'reviews_daily_stats',
    ]);

    const redefining = journal.entries
      .map((entry) => entry.tag)
      .filter((tag) => {
        const migration = fs.readFileSync(path.join(MIGRATIONS_DIR, `${tag}.sql`), 'utf8');
        return namesDefinedBy(migration).some((name) => names.includes(name));
      });
    // A new migration that redefines them would win on the databases that already applied this file and lose
    // on new ones: the rule changes in server/db/sql/review-figures.sql (decision 013).
    expect(redefining).toEqual([
      '0010_review_daily_stats',
      '0017_review_totals',
      '0018_review_totals_by_source',
      '0022_facebook_recommendations',
    ]);
  });
});

describe.each(testDatabaseKinds)('the SQL definitions on %s', (kind) => {
  let database: TestDatabase;
  const editedDirs: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterEach(async () => {
    // Back to the committed file, whatever a test left applied.
    await migrateDatabase(database.handle);
    for (const dir of editedDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  afterAll(async () => {
    await database?.drop();
  });

  /** A copy of server/db/sql with the figures file edited by `edit`. */
  function definitionsEdited(edit: (text: string) => string): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rf-sql-definitions-'));
    editedDirs.push(dir);
    fs.cpSync(SQL_DEFINITIONS_DIR, dir, { recursive: true });
    const file = path.join(dir, FIGURES_FILE);
    const text = fs.readFileSync(file, 'utf8');
    const edited = edit(text);
    expect(edited).not.toBe(text);
    fs.writeFileSync(file, edited);
    return dir;
  }

  it('when a database is migrated, then applying the definitions again changes no function or trigger', async () => {
    const db = database.handle.db;
    const before = await definedObjects(db);
    expect(before.functions.map((f) => f.name)).toContain('review_daily_stats_track');
    expect(before.triggers.map((t) => t.name)).toContain('reviews_daily_stats');

    let after: Awaited<ReturnType<typeof definedObjects>> | undefined;
    await db
      .transaction(async (tx) => {
        for (const definition of readSqlDefinitions()) {
          for (const statement of definition.text.split('--> statement-breakpoint')) {
            if (statement.trim()) await tx.execute(sql.raw(statement));
          }
        }
        after = await definedObjects(tx);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });

    expect(after).toEqual(before);
  });

  it('when the figures file is edited, then the next start applies it and rebuilds the figures by its rule', async () => {
    const db = database.handle.db;
    const owner = await createUser(db);
    for (const rating of [3, 4, 5]) await createReview(db, owner.id, { rating });
    expect(await figuresOf(db, owner.id)).toEqual({ reviews: 3, positive: 2, positiveByDay: 2 });

    // A rule changed in the file alone: positive from three stars.
    await migrateDatabase(database.handle, {
      definitionsDir: definitionsEdited((text) => text.replaceAll('rating >= 4', 'rating >= 3')),
    });

    expect(await figuresOf(db, owner.id)).toEqual({ reviews: 3, positive: 3, positiveByDay: 3 });
    await createReview(db, owner.id, { rating: 3 });
    expect(await figuresOf(db, owner.id)).toEqual({ reviews: 4, positive: 4, positiveByDay: 4 });

    await migrateDatabase(database.handle);
    expect(await figuresOf(db, owner.id)).toEqual({ reviews: 4, positive: 2, positiveByDay: 2 });
  });

  it('when the file is unchanged, then a start leaves the figures alone', async () => {
    const db = database.handle.db;
    const owner = await createUser(db);
    await createReview(db, owner.id, { rating: 5 });
    // A figure no rebuild would keep: only a rebuild could put it right.
    await db.execute(sql`update review_totals set reviews = 100 where owner_id = ${owner.id}`);

    await migrateDatabase(database.handle);

    expect(await figuresOf(db, owner.id)).toMatchObject({ reviews: 100 });
    await db.execute(sql`select review_daily_stats_rebuild()`);
    expect(await figuresOf(db, owner.id)).toMatchObject({ reviews: 1 });
  });
});
