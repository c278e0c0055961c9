import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type DatabaseHandle, type QueryListener } from '../db/client';
import { migrateDatabase } from '../db/migrate';

export type DatabaseKind = 'pglite' | 'postgres';

// Tests read the environment directly: they choose the databases the suite runs on.
const serverUrl = process.env.TEST_DATABASE_URL || undefined;

/** Every database the suite runs on: always the embedded one, and the server when TEST_DATABASE_URL is set. */
export const testDatabaseKinds: DatabaseKind[] = serverUrl ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Opens another pool on the same database (a second process, a restart), of `connections` on a server. */
  reopen(connections?: number): Promise<DatabaseHandle>;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database: PGlite in memory, or a new database on the test server. `onQuery` sees every
 * statement run through `handle` (a test counting the round trips of a request).
 */
export async function createTestDatabase(kind: DatabaseKind, onQuery?: QueryListener): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const dir = `memory://rf-test-${randomBytes(6).toString('hex')}`;
    const handle = await openPglite(dir, onQuery);
    await migrateDatabase(handle);
    // PGlite in memory is one connection: "reopening" shares it, as a restarted process would share the files.
    return { handle, reopen: async () => ({ ...handle, close: async () => {} }), drop: () => handle.close() };
  }

  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `rf_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString(), 5, onQuery);
  await migrateDatabase(handle);
  const opened: DatabaseHandle[] = [handle];
  return {
    handle,
    async reopen(connections = 5) {
      const again = openPostgres(url.toString(), connections);
      opened.push(again);
      return again;
    },
    async drop() {
      await Promise.all(opened.map((h) => h.close().catch(() => {})));
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
