import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/client';
import { registrationFor } from '../testing/factories';
import { testDatabaseKinds, type DatabaseKind } from '../testing/test-db';

// Graceful shutdown (server/index.ts): on SIGTERM the server stops accepting connections, lets the requests in
// flight finish, stops the worker, closes the database and exits 0 within its grace period (10 s).

const root = path.resolve(__dirname, '../..');
const serverUrl = process.env.TEST_DATABASE_URL || undefined;
const GRACE_MS = 10_000;
const ROWS = 3000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

interface Target {
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
  cleanup(): Promise<void>;
}

async function prepareTarget(kind: DatabaseKind): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rf-shutdown-'));
  if (kind === 'pglite') {
    return {
      env: { DATA_DIR: dataDir },
      open: () => openPglite(path.join(dataDir, 'pglite')),
      cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `rf_shutdown_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    open: async () => openPostgres(url.toString(), 2),
    cleanup: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Running {
  child: ChildProcess;
  base: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

/** The server as production runs it, in its own process (node itself, so signals reach the server). */
async function startServer(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      RATE_LIMIT_AUTH: '100000',
      RATE_LIMIT_PUBLIC: '100000',
      SESSION_SECRET: 'shutdown-test-session-secret--0123456789abcdef',
      TOKEN_ENCRYPTION_KEY: 'a'.repeat(64),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited at start:\n${log}`);
    const up = await fetch(`${base}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, base, exited, output: () => log };
}

/** A tiny cookie-keeping JSON client. */
function clientFor(base: string) {
  let cookie = '';
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${call.base}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0]!;
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
  };
  call.base = base;
  call.cookie = () => cookie;
  return call;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

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
    const target = await prepareTarget(kind);
    cleanups.push(target.cleanup);
    const server = await startServer(target.env);
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
        headers: { 'content-type': 'text/csv', 'content-length': csv.length, cookie: api.cookie() },
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
    upload.write(csv.subarray(0, half));
    await new Promise((r) => setTimeout(r, 500));

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
