import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { rowsOf, type DatabaseHandle, type Executor } from './client';
import { projectRoot } from '../paths';

export const MIGRATIONS_DIR = path.join(projectRoot, 'server/db/migrations');
/** The current definitions of functions and triggers that hold a rule (decision 013), one file each. */
export const SQL_DEFINITIONS_DIR = path.join(projectRoot, 'server/db/sql');

// Any fixed number: it names the advisory lock that lets one process at a time migrate a server.
export const MIGRATION_LOCK = 7_231_004;

/**
 * Applies the committed drizzle-kit migrations, then the definitions in server/db/sql whose text changed; the
 * same for PGlite and a Postgres server. `definitionsDir` lets a test start with an edited definition.
 */
export async function migrateDatabase(
  handle: DatabaseHandle,
  { definitionsDir = SQL_DEFINITIONS_DIR }: { definitionsDir?: string } = {},
): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR, migrationsSchema: 'public' };
  const definitions = readSqlDefinitions(definitionsDir);
  if (handle.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator wants the driver's own type
    await migrate(handle.db as any, config);
    await handle.db.transaction((tx) => applySqlDefinitions(tx, definitions));
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
    // In the lock's transaction, which sees what the migrator committed: a definition and the record that it
    // was applied commit together, and the next instance to take the lock finds nothing left to do.
    await applySqlDefinitions(tx, definitions);
  });
}

export interface SqlDefinition {
  /** The file's name, which the record of what was applied goes by. */
  name: string;
  /** Statements separated as a migration's are, by `--> statement-breakpoint` (PGlite runs one at a time). */
  text: string;
  sha256: string;
}

/** The `.sql` files of `dir` in name order, each with the hash of its text. */
export function readSqlDefinitions(dir: string = SQL_DEFINITIONS_DIR): SqlDefinition[] {
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => {
      const text = fs.readFileSync(path.join(dir, name), 'utf8');
      return { name, text, sha256: createHash('sha256').update(text).digest('hex') };
    });
}

/**
 * Runs each definition whose text differs from the one last applied to this database, as Flyway runs a
 * repeatable migration when its checksum changes: a rule changes by editing its one file, not by copying it
 * whole into a new migration. A start with nothing changed reads one small table. Each file is idempotent
 * (CREATE OR REPLACE) and ends by rebuilding whatever its rule keeps, so that also runs on a change only.
 */
async function applySqlDefinitions(tx: Executor, definitions: SqlDefinition[]): Promise<void> {
  await tx.execute(sql`create table if not exists public.__sql_definitions (
    name text primary key,
    sha256 text not null,
    applied_at timestamptz not null default now()
  )`);
  const applied = new Map(
    rowsOf<{ name: string; sha256: string }>(
      await tx.execute(sql`select name, sha256 from public.__sql_definitions`),
    ).map((row) => [row.name, row.sha256]),
  );
  for (const definition of definitions) {
    if (applied.get(definition.name) === definition.sha256) continue;
    for (const statement of definition.text.split('--> statement-breakpoint')) {
      if (statement.trim()) await tx.execute(sql.raw(statement));
    }
    await tx.execute(sql`insert into public.__sql_definitions (name, sha256)
      values (${definition.name}, ${definition.sha256})
      on conflict (name) do update set sha256 = excluded.sha256, applied_at = now()`);
  }
}
