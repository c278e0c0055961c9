import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
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
 * Migrated databases to copy instead of migrating each test's own (server/testing/global-setup.ts makes them
 * once per run): a dump of an embedded database's files, and a database on the test server.
 */
const templates: { pgliteDump?: Blob; serverDatabase?: string } = {};

export function useDatabaseTemplates(from: { pgliteFile?: string; serverDatabase?: string }): void {
  if (from.pgliteFile) templates.pgliteDump = new Blob([fs.readFileSync(from.pgliteFile)]);
  if (from.serverDatabase) templates.serverDatabase = from.serverDatabase;
}

/**
 * A fresh, migrated database: PGlite in memory, or a new database on the test server. `onQuery` sees every
 * statement run through `handle` (a test counting the round trips of a request).
 */
export async function createTestDatabase(kind: DatabaseKind, onQuery?: QueryListener): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const dir = `memory://rf-test-${randomBytes(6).toString('hex')}`;
    const handle = await openPglite(dir, onQuery, templates.pgliteDump);
    await migrateDatabase(handle);
    // PGlite in memory is one connection: "reopening" shares it, as a restarted process would share the files.
    return { handle, reopen: async () => ({ ...handle, close: async () => {} }), drop: () => handle.close() };
  }

  const created = await createServerDatabase(templates.serverDatabase);
  const handle = openPostgres(created.url, 5, onQuery);
  await migrateDatabase(handle);
  const opened: DatabaseHandle[] = [handle];
  return {
    handle,
    async reopen(connections = 5) {
      const again = openPostgres(created.url, connections);
      opened.push(again);
      return again;
    },
    async drop() {
      await Promise.all(opened.map((h) => h.close().catch(() => {})));
      await created.drop();
    },
  };
}

/** A migrated database on the test server to copy from, when TEST_DATABASE_URL is set: its name, and its removal. */
export async function createMigratedServerTemplate(): Promise<
  { name: string; drop(): Promise<void> } | undefined
> {
  if (!serverUrl) return undefined;
  const template = await createEmptyServerDatabase();
  const handle = openPostgres(template.url, 2);
  try {
    await migrateDatabase(handle);
  } finally {
    // A database being copied must have no connection open.
    await handle.close();
  }
  return { name: new URL(template.url).pathname.slice(1), drop: template.drop };
}

/** A new database on the test server with nothing in it, not even the migrations: its URL, and its removal. */
export function createEmptyServerDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  return createServerDatabase();
}

/** A new database on the test server, a copy of `template` when given: its URL, and its removal. */
async function createServerDatabase(template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `rf_test_${randomBytes(6).toString('hex')}`;
  const onServer = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await onServer(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}
