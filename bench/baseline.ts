import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../server/db/client';
import { listeningPort } from '../server/testing/listening-port';

/** One statement the app ran for a read, with its parameters. */
export interface Statement {
  text: string;
  params: unknown[];
  /** The name the app prepared it under on a Postgres server, if it did: the baseline prepares it too. */
  name?: string;
}

/**
 * What the app ran for one read and owner: the session's statement (a signed-in request reads its session
 * before anything else), then the read's own statements, which the app runs at once.
 */
export interface BaselineStatements {
  session: Statement[];
  read: Statement[];
}

/** The baseline's statements by read name, then by owner id. */
export type BaselineSpec = Record<string, Record<string, BaselineStatements>>;

/**
 * Gives each captured statement the name the app prepared it under, if it did, so the baseline prepares it too
 * (planned once per connection, as the app's are): drizzle's logger sees the text, not the name, and the
 * server's pg_prepared_statements holds both for the connection that ran them. The embedded database's
 * baseline runs each statement as PGlite does, unnamed.
 */
export async function namePreparedStatements(handle: DatabaseHandle, spec: BaselineSpec) {
  if (handle.kind !== 'postgres') return;
  const { rows } = (await handle.db.execute(sql`select name, statement from pg_prepared_statements`)) as {
    rows: { name: string; statement: string }[];
  };
  const nameOf = new Map(rows.map((row) => [row.statement, row.name]));
  for (const byOwner of Object.values(spec)) {
    for (const statements of Object.values(byOwner)) {
      for (const statement of [...statements.session, ...statements.read]) {
        const name = nameOf.get(statement.text);
        if (name) statement.name = name;
      }
    }
  }
}

/** Where the baseline reads: a Postgres server, or the app's PGlite directory once the app has let go of it. */
export type BaselineDatabase = { DATABASE_URL: string } | { PGLITE_DIR: string };

/**
 * The bare baseline server (bench/baseline-server.ts) on a spec file. It listens on a port the system picks and
 * reports it over IPC, as the app does.
 */
export async function startBaseline(database: BaselineDatabase, specFile: string) {
  const child = fork(path.join(import.meta.dirname, 'baseline-server.ts'), [specFile], {
    execArgv: ['--import', 'tsx'],
    env: { PATH: process.env.PATH ?? '', ...database },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await listeningPort(child, () => 'see the output above');
  child.disconnect();
  return { child, base: `http://127.0.0.1:${port}` };
}

/** Stops a child process and waits until it has exited (the embedded database is free only then). */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
