import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { BaselineSpec, Statement } from './baseline';

/**
 * The baseline the issue measures the app against: a bare node:http handler that runs, with `pg` directly,
 * the very statements the app ran for the same read and owner (captured by bench/run.ts) in the app's order,
 * the session's first, then the read's own at once, prepared where the app prepared them, and answers their
 * rows as JSON. No framework, no cookie to check, no validation: what the database and Node cost alone.
 *
 * argv: <spec.json>; DATABASE_URL in the environment, or PGLITE_DIR for the embedded database (the
 * app's PGlite directory, opened here once the app has stopped: one process at a time may hold it). It listens
 * on a port the system picks and reports it to its parent as the app does: `{ listening: port }`.
 */
const spec = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as BaselineSpec;

/** Runs one statement: through `pg` on a server, or in this process's PGlite for the embedded bench. */
async function openRunner(): Promise<(s: Statement) => Promise<{ rows: unknown[] }>> {
  const pgliteDir = process.env.PGLITE_DIR;
  if (pgliteDir) {
    // The embedded database as the app opens it (server/db/client.ts): in-process, one query at a time.
    const pglite = new PGlite(pgliteDir, { extensions: { pg_trgm, btree_gin } });
    await pglite.waitReady;
    return (s) => pglite.query(s.text, s.params);
  }
  // The app's own pool (server/db/client.ts), so both wait for connections alike and keep them between runs.
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, min: 10 });
  pool.on('error', () => {});
  return (s) => pool.query({ name: s.name, text: s.text, values: s.params });
}
const run = await openRunner();

const server = http.createServer((req, res) => {
  const read = spec[decodeURIComponent((req.url ?? '/').slice(1))];
  const statements = read?.[String(req.headers['x-owner'])];
  if (!statements) {
    res.writeHead(404).end();
    return;
  }
  const runAll = (all: Statement[]) => Promise.all(all.map(run));
  runAll(statements.session)
    .then(() => runAll(statements.read))
    .then(
      (results) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(results.map((r) => r.rows)));
      },
      (error: unknown) => {
        res.writeHead(500).end(String(error));
      },
    );
});
server.listen(0, '127.0.0.1', () => process.send?.({ listening: (server.address() as AddressInfo).port }));
