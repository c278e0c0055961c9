import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** What `db.transaction(async (tx) => …)` hands its callback: a repository's writes inside one transaction. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Where a repository's statement runs: on its own, or inside the caller's transaction. */
export type Executor = Database | Transaction;

/** The rows of a raw `db.execute(sql…)`: node-postgres and PGlite both answer `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const casing = 'snake_case';

/** Sees each statement and its parameters before it runs (the bench replays them in its bare baseline). */
export type QueryListener = (text: string, params: unknown[]) => void;

/** A Postgres server through `pg`. */
export function openPostgres(connectionString: string, max: number, onQuery?: QueryListener): DatabaseHandle {
  return postgresOver(new pg.Pool({ connectionString, max }), onQuery);
}

/** The connections a server process keeps to Postgres: its share of `max_connections` (see the README). */
export const SERVER_CONNECTIONS = 10;

/**
 * The server's pool keeps every connection it has opened. pg closes a connection idle for 10 s by default:
 * after a quiet minute a burst of requests waited for new connections, each a new backend planning its
 * statements afresh (pages at 400 a second after a minute at 20: p99 233-246 ms, 38-61 ms with the
 * connections kept, on the bench's data). Connections are still opened only when needed.
 */
export function serverPool(connectionString: string): pg.Pool {
  return new pg.Pool({ connectionString, max: SERVER_CONNECTIONS, min: SERVER_CONNECTIONS });
}

/** A Postgres server through a pool made by the caller (a test shaping how statements reach connections). */
export function postgresOver(pool: pg.Pool, onQuery?: QueryListener): DatabaseHandle {
  // An idle connection dropped by the server (restart, failover) is discarded by the pool and replaced on
  // the next query; without a listener its error would crash the process.
  pool.on('error', () => {});
  const logger = onQuery ? { logQuery: onQuery } : undefined;
  const db = drizzlePg({ client: pool, schema, casing, logger }) as unknown as Database;
  return { db, kind: 'postgres', close: () => pool.end() };
}

/**
 * The contrib modules the migrations create (pg_trgm and btree_gin back a client's text search): a Postgres
 * server ships them; PGlite loads them into every instance that opens a database.
 */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };

/**
 * The embedded Postgres (PGlite), on disk under `dataDir`, or in memory when it is omitted or `memory://…`.
 * `copyOf`, a dump of another instance's files (`dumpDataDir`), starts it as that copy instead of an empty one.
 */
export async function openPglite(
  dataDir?: string,
  onQuery?: QueryListener,
  copyOf?: Blob,
): Promise<DatabaseHandle> {
  // A memory:// name is no directory: making one would leave an empty `memory:` folder in the working directory.
  if (dataDir && !dataDir.startsWith('memory://')) fs.mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir, { extensions: PGLITE_EXTENSIONS, loadDataDir: copyOf });
  await client.waitReady;
  const logger = onQuery ? { logQuery: onQuery } : undefined;
  const db = drizzlePglite({ client, schema, casing, logger }) as unknown as Database;
  return { db, kind: 'pglite', close: () => client.close() };
}

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? postgresOver(serverPool(options.databaseUrl))
    : openPglite(path.join(options.dataDir, 'pglite'));
}
