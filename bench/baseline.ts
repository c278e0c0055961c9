import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { listeningPort } from '../server/testing/listening-port';

/** One statement the app ran for a read, with its parameters. */
export interface Statement {
  text: string;
  params: unknown[];
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
