import path from 'node:path';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { DatabaseHandle } from './client';
import { projectRoot } from '../lib/paths';

export const MIGRATIONS_DIR = path.join(projectRoot, 'server/db/migrations');

// Any fixed number: it names the advisory lock that lets one process at a time migrate a server.
export const MIGRATION_LOCK = 7_231_004;

/** Applies the committed drizzle-kit migrations; the same history for PGlite and a Postgres server. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR, migrationsSchema: 'public' };
  if (handle.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator wants the driver's own type
    await migrate(handle.db as any, config);
    return;
  }
  // The lock's transaction keeps one connection for as long as the migrator works on another: with one
  // connection in all, the migrator would wait for it forever.
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  if (pool.options.max < 2)
    throw new Error('Migrating a Postgres server needs a pool of 2 connections or more.');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // Several processes may start at once against one server; the lock makes them take turns. A transaction of
  // its own holds it while the migrator works on the pool's other connections, and it ends with that
  // transaction whatever happens. A session's lock, taken and released by two statements, stays held when the
  // release reaches another server connection (as PgBouncer in transaction mode may send it), and every
  // instance started after that waits for it forever.
  await handle.db.transaction(async (tx) => {
    // A migration that builds an index may run for minutes; a server's idle-in-transaction timeout must not
    // end the lock before it.
    await tx.execute(sql`set local idle_in_transaction_session_timeout = 0`);
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator wants the driver's own type
    await migrate(handle.db as any, config);
  });
}
