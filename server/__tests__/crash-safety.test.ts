import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/client';
import { registrationFor } from '../testing/factories';
import { testDatabaseKinds, type DatabaseKind } from '../testing/test-db';

// "No data lost": the real server, killed with SIGKILL in the middle of a burst of writes, keeps every write it
// acknowledged and sends every review request it accepted exactly once after a restart.

const root = path.resolve(__dirname, '../..');
const serverUrl = process.env.TEST_DATABASE_URL || undefined;
const SUBMISSIONS = 60;
const REQUESTS = 30;
/** Public submissions are limited to 10 per link per hour: spread the burst over several locations. */
const LOCATIONS = 8;

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
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rf-crash-'));
  if (kind === 'pglite') {
    return {
      env: { DATA_DIR: dataDir },
      open: () => openPglite(path.join(dataDir, 'pglite')),
      cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `rf_crash_${randomBytes(6).toString('hex')}`;
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
      SESSION_SECRET: 'crash-safety-session-secret-0123456789abcdef',
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
  return call;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe.each(testDatabaseKinds)('crash safety (%s)', (kind) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  it('keeps every acknowledged write and sends every accepted request once after a SIGKILL', async () => {
    const target = await prepareTarget(kind);
    cleanups.push(target.cleanup);

    const first = await startServer(target.env);
    cleanups.push(async () => void first.child.kill('SIGKILL'));
    const api = clientFor(first.base);
    expect((await api('POST', '/api/register', registrationFor())).status).toBe(201);

    const links: string[] = [];
    for (let i = 0; i < LOCATIONS; i++) {
      const res = await api('POST', '/api/locations', { name: `Branch ${i}` });
      expect(res.status).toBe(201);
      links.push((res.body as { publicLink: string }).publicLink);
    }
    const locationId = await api('GET', '/api/locations').then(
      (res) => (res.body as Array<{ id: number }>)[0]!.id,
    );
    const contactIds: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await api('POST', '/api/contacts', {
        name: `Customer ${i}`,
        email: `customer-${i}-${randomBytes(3).toString('hex')}@example.com`,
      });
      expect(res.status).toBe(201);
      contactIds.push((res.body as { id: number }).id);
    }

    // The burst: several concurrent loops of each kind; the process is killed once a third of each has been
    // answered, with more in flight.
    const tag = randomBytes(4).toString('hex');
    const acknowledgedReviews: string[] = [];
    const acceptedRequests: number[] = [];
    let answered = 0;
    let killed = false;
    const maybeKill = () => {
      answered++;
      if (
        !killed &&
        acknowledgedReviews.length >= SUBMISSIONS / 3 &&
        acceptedRequests.length >= REQUESTS / 3
      ) {
        killed = true;
        first.child.kill('SIGKILL');
      }
    };
    const loops = (count: number, concurrency: number, send: (i: number) => Promise<void>) => {
      let next = 0;
      return Array.from({ length: concurrency }, async () => {
        while (next < count && !killed) await send(next++);
      });
    };
    const submissions = loops(SUBMISSIONS, 6, async (i) => {
      const content = `crash-${tag}-review-${i}`;
      const res = await fetch(`${first.base}/api/public/review/${links[i % LOCATIONS]}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ rating: (i % 5) + 1, content }),
      }).catch(() => undefined);
      if (res && res.status >= 200 && res.status < 300) acknowledgedReviews.push(content);
      if (res) maybeKill();
    });
    const requests = loops(REQUESTS, 4, async (i) => {
      const res = await api('POST', '/api/review-requests', {
        locationId,
        contactId: contactIds[i % contactIds.length],
        method: 'email',
      }).catch(() => undefined);
      if (res?.status === 201) acceptedRequests.push((res.body as { id: number }).id);
      if (res) maybeKill();
    });
    await Promise.all([...submissions, ...requests]);
    if (!killed) first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    // The kill really cut the burst short, after part of each kind had been acknowledged.
    expect(answered).toBeLessThan(SUBMISSIONS + REQUESTS);
    expect(acknowledgedReviews.length).toBeGreaterThanOrEqual(SUBMISSIONS / 3);
    expect(acceptedRequests.length).toBeGreaterThanOrEqual(REQUESTS / 3);

    // A job running when the process died stays locked until the lock timeout (5 minutes): let that time pass.
    {
      const handle = await target.open();
      await handle.db.execute(
        sql`update jobs set locked_at = now() - interval '1 hour' where status = 'running'`,
      );
      await handle.close();
    }

    const second = await startServer(target.env);
    cleanups.push(async () => void second.child.kill('SIGKILL'));
    // Sessions live in the database: the same cookie still signs in. Wait until the worker has sent them all.
    api.base = second.base;
    const deadline = Date.now() + 40_000;
    for (;;) {
      const res = await api('GET', '/api/review-requests?status=queued&pageSize=1');
      expect(res.status).toBe(200);
      if (res.headers.get('x-total-count') === '0') break;
      if (Date.now() > deadline) throw new Error(`queue did not drain:\n${second.output()}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    second.child.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });

    const handle = await target.open();
    try {
      const reviews = rowsOf<{ content: string; n: number | string }>(
        await handle.db.execute(
          sql`select content, count(*) as n from reviews where content like ${`crash-${tag}-%`} group by content`,
        ),
      );
      const stored = new Map(reviews.map((r) => [r.content, Number(r.n)]));
      for (const content of acknowledgedReviews) expect(stored.get(content), content).toBe(1);
      for (const count of stored.values()) expect(count).toBe(1);

      const requestRows = rowsOf<{ id: number; status: string; messages: number | string }>(
        await handle.db.execute(sql`
          select r.id, r.status,
            (select count(*) from outbound_messages m where m.review_request_id = r.id) as messages
          from review_requests r order by r.id`),
      );
      const byId = new Map(requestRows.map((r) => [Number(r.id), r]));
      for (const id of acceptedRequests) {
        const row = byId.get(id);
        expect(row?.status, `request ${id}`).toBe('sent');
        expect(Number(row?.messages), `request ${id}`).toBe(1);
      }
      // Requests stored but never answered (cut by the kill) are sent once too, never twice.
      for (const row of requestRows) expect(Number(row.messages)).toBeLessThanOrEqual(1);
    } finally {
      await handle.close();
    }
  }, 180_000);
});
