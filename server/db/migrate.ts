import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './client';
import { projectRoot } from '../lib/paths';

export const MIGRATIONS_DIR = path.join(projectRoot, 'server/db/migrations');

// Any fixed number: it names the advisory lock that lets one process at a time migrate a server.
const MIGRATION_LOCK = 7_231_004;

/** Applies the committed drizzle-kit migrations; the same history for PGlite and a Postgres server. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR, migrationsSchema: 'public' };
  if (handle.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator wants the driver's own type
    await migrate(handle.db as any, config);
    return;
  }
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // Several processes may start at once against one server; the lock makes them take turns.
  await handle.db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`);
  try {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator wants the driver's own type
    await migrate(handle.db as any, config);
  } finally {
    await handle.db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`);
  }
}
