import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import { registrationFor } from '../testing/factories';
import { clientFor, prepareTarget, startServer } from '../testing/server-process';
import { testDatabaseKinds } from '../testing/test-db';

// Graceful shutdown (server/index.ts): on SIGTERM the server stops accepting connections, lets the requests in
// flight finish, stops the worker, closes the database and exits 0 within its grace period (10 s).

const GRACE_MS = 10_000;
const ROWS = 3000;

/** Resolves true when a new TCP connection to the port is refused. */
function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe.each(testDatabaseKinds)('graceful shutdown (%s)', (kind) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  it('finishes the request in flight, refuses new connections and exits 0 on SIGTERM', async () => {
    const target = await prepareTarget(kind, 'shutdown');
    cleanups.push(target.cleanup);
    // At info, its last words are on record: the log is written asynchronously and must be flushed at exit.
    const server = await startServer({ ...target.env, LOG_LEVEL: 'info' });
    cleanups.push(async () => void server.child.kill('SIGKILL'));
    const api = clientFor(server.base);
    const registered = await api('POST', '/api/register', registrationFor());
    expect(registered.status).toBe(201);
    const port = Number(new URL(server.base).port);

    // A large import whose body is still arriving when SIGTERM comes: certainly in flight.
    const tag = randomBytes(3).toString('hex');
    const lines = ['name,email,phone'];
    for (let i = 0; i < ROWS; i++) lines.push(`Customer ${i},c${i}-${tag}@example.com,`);
    const csv = Buffer.from(`${lines.join('\n')}\n`);
    const half = Math.floor(csv.length / 2);
    let settle: (value: { status: number; body: string }) => void;
    let fail: (error: Error) => void;
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      settle = resolve;
      fail = reject;
    });
    const upload = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/contacts/import',
        headers: {
          'content-type': 'text/csv',
          'content-length': csv.length,
          cookie: api.cookie(),
          // The server answers "100 Continue" once it has the request: then it is certainly in flight.
          expect: '100-continue',
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => settle({ status: res.statusCode ?? 0, body: text }));
        res.on('error', fail);
      },
    );
    upload.on('error', fail!);
    upload.flushHeaders();
    await Promise.race([
      once(upload, 'continue'),
      answer.then((early) =>
        Promise.reject(new Error(`answered before the body: ${early.status} ${early.body}`)),
      ),
    ]);
    upload.write(csv.subarray(0, half));

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    // The listener closes at once: a new connection is refused while the upload is still open.
    const refusedDeadline = Date.now() + 5_000;
    let refused = false;
    while (!refused && Date.now() < refusedDeadline) {
      refused = await connectionRefused(port);
      if (!refused) await new Promise((r) => setTimeout(r, 50));
    }
    expect(refused).toBe(true);
    expect(server.child.exitCode).toBeNull(); // still serving the upload

    upload.end(csv.subarray(half));
    const result = await answer;
    expect(result.status, result.body).toBe(200);
    expect(JSON.parse(result.body)).toMatchObject({ created: ROWS, updated: 0, skipped: 0 });

    const exit = await server.exited;
    expect(exit, server.output()).toEqual({ code: 0, signal: null });
    expect(server.output()).toMatch(/"msg":"stopped"}\n$/);
    // Within the grace period (plus the worker's stop and the database's close on a loaded machine).
    expect(Date.now() - signalledAt).toBeLessThan(GRACE_MS + 3_000);
    expect(await connectionRefused(port)).toBe(true);

    // Everything the answered request wrote is in the database, which was closed cleanly.
    const handle = await target.open();
    try {
      const [row] = rowsOf<{ n: number | string }>(
        await handle.db.execute(
          sql`select count(*) as n from contacts where email like ${`%-${tag}@example.com`}`,
        ),
      );
      expect(Number(row!.n)).toBe(ROWS);
    } finally {
      await handle.close();
    }
  }, 120_000);
});
