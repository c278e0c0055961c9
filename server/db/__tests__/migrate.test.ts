import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgres, postgresOver, rowsOf, type DatabaseHandle } from '../client';
import { migrateDatabase, MIGRATION_LOCK, MIGRATIONS_DIR } from '../migrate';
import { createEmptyServerDatabase } from '../../testing/test-db';

// Tests read the environment directly: they choose the databases the suite runs on.
const serverUrl = process.env.TEST_DATABASE_URL || undefined;

const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};

/**
 * A pool that sends each statement outside a transaction to a server connection of its own and keeps that
 * connection, as PgBouncer in transaction mode may: two statements of one "session" reach different backends.
 */
function statementPerConnection(url: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 30 });
  const kept: pg.PoolClient[] = [];
  const query = async (...args: unknown[]) => {
    const client = await pool.connect();
    kept.push(client);
    return (client.query as (...queryArgs: unknown[]) => Promise<unknown>).apply(client, args);
  };
  pool.query = query as typeof pool.query;
  const handle = postgresOver(pool);
  return {
    ...handle,
    close: async () => {
      for (const client of kept.splice(0)) client.release();
      await handle.close();
    },
  };
}

describe.skipIf(!serverUrl)('migrating a Postgres server', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A new, empty database on the test server, dropped after the test. */
  async function emptyDatabase(): Promise<string> {
    const database = await createEmptyServerDatabase();
    cleanups.push(() => database.drop());
    return database.url;
  }

  const opened = (handle: DatabaseHandle) => {
    cleanups.push(() => handle.close());
    return handle;
  };

  /** Backends holding the migrations' advisory lock (of a bigint key, objid is the low half). */
  async function migrationLocksHeld(handle: DatabaseHandle): Promise<number> {
    const [row] = rowsOf<{ held: number }>(
      // pg_locks lists the whole server's locks: only this database's count (other test files migrate theirs).
      await handle.db.execute(sql`select count(*)::int as held from pg_locks
        where locktype = 'advisory' and classid = 0 and objid = ${MIGRATION_LOCK} and granted
          and database = (select oid from pg_database where datname = current_database())`),
    );
    return row!.held;
  }

  async function migrationsApplied(handle: DatabaseHandle): Promise<number> {
    const [row] = rowsOf<{ applied: number }>(
      await handle.db.execute(sql`select count(*)::int as applied from public.__drizzle_migrations`),
    );
    return row!.applied;
  }

  it('when two instances start at once on an empty database, then each migration is applied once', async () => {
    const url = await emptyDatabase();
    const first = opened(openPostgres(url, 3));
    const second = opened(openPostgres(url, 3));

    await Promise.all([migrateDatabase(first), migrateDatabase(second)]);

    expect(await migrationsApplied(first)).toBe(journal.entries.length);
    expect(await migrationLocksHeld(first)).toBe(0);
  });

  it('when a pooler sends each statement to another server connection, then the lock ends with the migration', async () => {
    const url = await emptyDatabase();
    const pooled = opened(statementPerConnection(url));

    await migrateDatabase(pooled);

    expect(await migrationsApplied(pooled)).toBe(journal.entries.length);
    // Left held, it would keep every instance started afterwards waiting at its first step.
    expect(await migrationLocksHeld(pooled)).toBe(0);
    const next = opened(openPostgres(url, 2));
    await migrateDatabase(next);
    expect(await migrationsApplied(next)).toBe(journal.entries.length);
  });

  it('when the pool has one connection, then migrating says so rather than waiting forever', async () => {
    const url = await emptyDatabase();
    const single = opened(openPostgres(url, 1));

    await expect(migrateDatabase(single)).rejects.toThrow('needs a pool of 2 connections or more');
    expect(await migrationLocksHeld(single)).toBe(0);
  });
});
