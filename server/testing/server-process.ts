import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/client';
import type { DatabaseKind } from './test-db';
import { listeningPort } from './listening-port';

// The real server in its own process, for the tests that kill or stop it (crash safety, graceful shutdown).

const root = path.resolve(__dirname, '../..');
// Tests read the environment directly: they choose the databases the suite runs on.
const serverUrl = process.env.TEST_DATABASE_URL || undefined;

export interface Target {
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
  cleanup(): Promise<void>;
}

export async function prepareTarget(kind: DatabaseKind, label: string): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `rf-${label}-`));
  if (kind === 'pglite') {
    return {
      env: { DATA_DIR: dataDir },
      open: () => openPglite(path.join(dataDir, 'pglite')),
      cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `rf_${label}_${randomBytes(6).toString('hex')}`;
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

export interface Running {
  child: ChildProcess;
  base: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

/**
 * The server as production runs it, in its own process (node itself, so signals reach the server). It listens
 * on a port the system picks and says which over IPC: a port probed free beforehand can be taken by another
 * test's server before this one binds it, and that server's health check would then answer for this one.
 */
export async function startServer(env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      RATE_LIMIT_AUTH: '100000',
      RATE_LIMIT_PUBLIC: '100000',
      // These tests send bursts; the free plan's limits are another test's subject.
      FREE_PLAN_REQUESTS: '1000000',
      FREE_PLAN_LOCATIONS: '100000',
      // They register through the API, so their accounts are unverified: the cap is the cap tests' subject.
      UNVERIFIED_REQUEST_CAP: '1000000',
      SESSION_SECRET: 'server-process-test-session-secret-0123456789',
      TOKEN_ENCRYPTION_KEY: 'a'.repeat(64),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let log = '';
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const port = await listeningPort(child, () => log);
  // The IPC channel would keep this test process's event loop waiting on the child.
  child.disconnect();
  return { child, base: `http://127.0.0.1:${port}`, exited, output: () => log };
}

/** A tiny cookie-keeping JSON client. */
export function clientFor(base: string) {
  let cookie = '';
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${call.base}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // Keeps every cookie the server sets (the session, its readable hint), as a browser would.
    const jar = new Map(cookie ? cookie.split('; ').map((pair) => [pair.split('=')[0]!, pair] as const) : []);
    for (const set of res.headers.getSetCookie()) {
      const pair = set.split(';')[0]!;
      jar.set(pair.split('=')[0]!, pair);
    }
    cookie = [...jar.values()].join('; ');
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
