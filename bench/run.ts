import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  openPglite,
  openPostgres,
  PGLITE_EXTENSIONS,
  type DatabaseHandle,
  type QueryListener,
} from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { hashPassword } from '../server/lib/password';
import { DatabaseSessionStore } from '../server/lib/session-store';
import { createReviewsRepository } from '../server/features/reviews/reviews.repository';
import { createReviewsService } from '../server/features/reviews/reviews.service';
import { createDashboardRepository } from '../server/features/dashboard/dashboard.repository';
import { createDashboardService } from '../server/features/dashboard/dashboard.service';
import type { ReviewListQuery } from '@shared/schemas/reviews';
import { DASHBOARD_WINDOW_DAYS } from '@shared/schemas/dashboard';
import {
  FULL_SEED,
  PGLITE_SEED,
  SMALL_SEED,
  TEN_MILLION_SEED,
  seedDatabase,
  type SeedSize,
  type SqlClient,
} from './seed';
import {
  namePreparedStatements,
  startBaseline,
  stop,
  type BaselineDatabase,
  type BaselineSpec,
  type Statement,
} from './baseline';
import {
  fastestOf,
  load,
  medianOf,
  medianRunIndex,
  steadyLoad,
  type BenchRequest,
  type LoadResult,
} from './load';
import { measureBundles, type RouteSize } from './bundle-sizes';
import { measureDeliveries, startDeliveryFakes } from './deliveries';
import { lighthouseScores, type LighthouseScore } from './lighthouse';
import { measureSoak } from './soak';
import {
  failedRequests,
  hasLatencyTarget,
  writeReport,
  type BenchReport,
  type DatabaseFigures,
  type ReadFigures,
} from './report';
import { listeningPort } from '../server/testing/listening-port';
import type { RuntimeStats, RuntimeStatsRequest } from '../server/lib/runtime-stats';
import { wholeClient } from '../server/db/scope';

// The bench is a tool run by hand or by `npm test`: it reads its own settings from the environment.
const small = process.env.BENCH_SIZE === 'small';
/** BENCH_SIZE=10m: ten times the full seed on the server (issue 46); the embedded database keeps its own size. */
const tenMillion = process.env.BENCH_SIZE === '10m';
if (process.env.BENCH_SIZE && !small && !tenMillion && process.env.BENCH_SIZE !== 'full')
  throw new Error(`BENCH_SIZE is small, full or 10m, not ${process.env.BENCH_SIZE}.`);
/** BENCH_READS=search,stats: only the reads whose names contain one of these words (all by default). */
const onlyReads = (process.env.BENCH_READS ?? '')
  .split(',')
  .map((word) => word.trim())
  .filter(Boolean);
const root = path.resolve(import.meta.dirname, '..');
const settings = {
  serverUrl: process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL,
  database:
    process.env.BENCH_DATABASE_NAME || (small ? 'rf_bench_small' : tenMillion ? 'rf_bench_10m' : 'rf_bench'),
  seconds: Number(process.env.BENCH_SECONDS || (small ? 1 : 5)),
  signedIn: Number(process.env.BENCH_CLIENTS || (small ? 5 : 50)),
  // The pages' scores do not depend on the database: measured once, with the first database's app.
  lighthouse: process.env.BENCH_LIGHTHOUSE ? process.env.BENCH_LIGHTHOUSE === '1' : !small,
  keepDatabase: process.env.BENCH_KEEP_DATABASE === '1',
  reseed: process.env.BENCH_RESEED !== '0',
  resultsDir:
    process.env.BENCH_RESULTS_DIR ||
    (small ? path.join(os.tmpdir(), 'rf-bench-small') : path.join(root, 'bench/results')),
  note: process.env.BENCH_NOTE || '',
  /** BENCH_COMPARE_TO=bench/results/…-full.json: the 1M report a 10M run's reads are held to (issue 46). */
  compareTo: process.env.BENCH_COMPARE_TO,
  /** The soak (every read at a steady rate, the app's memory sampled): on the server, 10 minutes unless set. */
  soakSeconds: (kind: DatabaseKind) =>
    Number(process.env.BENCH_SOAK_SECONDS || (small ? 4 : kind === 'postgres' ? 600 : 0)),
  soakRate: Number(process.env.BENCH_SOAK_RATE || (small ? 20 : 200)),
  /** Contacts per method in each drain of the sending (bench/deliveries.ts); 0 leaves the sending out. */
  sendContacts: Number(process.env.BENCH_SEND_CONTACTS ?? (small ? 100 : 5_000)),
};

type DatabaseKind = DatabaseFigures['database'];

/**
 * The databases measured, in this order: the Postgres server when there is one, then the embedded database,
 * whose figures tell a business when to move to a server. BENCH_DATABASE=postgres or pglite measures one.
 */
function databasesToMeasure(): DatabaseKind[] {
  const chosen = process.env.BENCH_DATABASE;
  if (chosen === 'postgres' || chosen === 'pglite') return [chosen];
  if (chosen) throw new Error(`BENCH_DATABASE is postgres or pglite, not ${chosen}.`);
  return settings.serverUrl ? ['postgres', 'pglite'] : ['pglite'];
}

/** What differs between the two databases' runs. */
function settingsFor(kind: DatabaseKind) {
  const embedded = kind === 'pglite';
  return {
    seed: small ? SMALL_SEED : embedded ? PGLITE_SEED : tenMillion ? TEN_MILLION_SEED : FULL_SEED,
    // Two rounds on a server, app and baseline in turn, each side keeping its fastest: ratios of single runs
    // moved by ten points between runs of the same code.
    rounds: Number(process.env.BENCH_ROUNDS || (small || embedded ? 1 : 2)),
    // Three rounds at the steady rate, app and baseline in turn, each side keeping its median round by p99: one
    // 5-second run's p99 is its worst 25 to 70 answers, which a checkpoint or another process waking decides
    // (the same kind of read's baseline p99 moved from 3 to 50 ms between runs in `2026-12-05T0242`).
    steadyRounds: Number(process.env.BENCH_STEADY_ROUNDS || (small || embedded ? 1 : 3)),
    // The embedded database answers one query at a time: 10 connections, a small business's few users at once.
    connections: Number(process.env.BENCH_CONNECTIONS || (small || embedded ? 10 : 50)),
  };
}

const PASSWORD = 'bench-password-2026';
const PAGE_SIZE = 10;
const FILTERS = [
  'all',
  'positive',
  'negative',
  'responded',
  'unresponded',
  'private',
  'google',
  'facebook',
  'video',
] as const;

interface Read {
  name: string;
  path: string;
  /** The path for one owner, when it differs between owners (a keyset cursor is each owner's own). */
  pathFor?: (ownerId: number) => string;
  /**
   * The app's own code for the read, run once per owner to capture its statements for the baseline. Every read
   * is a signed-in request: the session's statement is captured before it, unless the read is that statement.
   */
  capture(ownerId: number): Promise<unknown>;
  /** The read is the session's own statement (GET /api/user): nothing is read before it. */
  readsOnlyTheSession?: boolean;
}

/** The process's peak resident memory (VmHWM), in MB. */
function peakRssMb(pid: number | undefined): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

/** The embedded database: a PGlite directory, migrated and seeded here, then opened by the app alone. */
async function preparePglite(size: SeedSize): Promise<{ dataDir: string; seedSeconds: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rf-bench-pglite-'));
  const started = Date.now();
  const handle = await openPglite(pgliteDirOf(dataDir));
  await migrateDatabase(handle);
  await handle.close();
  await withPglite(dataDir, async (client) => seedDatabase(client, size, await hashPassword(PASSWORD)));
  return { dataDir, seedSeconds: Math.round((Date.now() - started) / 1000) };
}

/** Where the app keeps PGlite under its DATA_DIR (server/db/client.ts, openDatabase). */
const pgliteDirOf = (dataDir: string) => path.join(dataDir, 'pglite');
/** The same database for the baseline, which opens the embedded one from its directory. */
const baselineDatabaseOf = (database: AppDatabase): BaselineDatabase =>
  'url' in database ? { DATABASE_URL: database.url } : { PGLITE_DIR: pgliteDirOf(database.dataDir) };

/** Runs `work` on the embedded database, opened in this process; only while the app is not running. */
async function withPglite<T>(dataDir: string, work: (client: SqlClient) => Promise<T>): Promise<T> {
  const pglite = new PGlite(pgliteDirOf(dataDir), { extensions: PGLITE_EXTENSIONS });
  await pglite.waitReady;
  try {
    return await work({ query: (text, params) => pglite.query(text, params) });
  } finally {
    await pglite.close();
  }
}

async function preparePostgres(size: SeedSize): Promise<{ url: string; seedSeconds: number }> {
  const adminUrl = settings.serverUrl!;
  const url = new URL(adminUrl);
  url.pathname = `/${settings.database}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [settings.database]))
    .rowCount;
  if (exists && !settings.reseed) {
    await admin.end();
    return { url: url.toString(), seedSeconds: 0 };
  }
  await admin.query(`drop database if exists ${settings.database} with (force)`);
  await admin.query(`create database ${settings.database}`);
  await admin.end();

  const started = Date.now();
  const handle = openPostgres(url.toString(), 2);
  await migrateDatabase(handle);
  await handle.close();
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await seedDatabase(client, size, await hashPassword(PASSWORD));
  await client.end();
  return { url: url.toString(), seedSeconds: Math.round((Date.now() - started) / 1000) };
}

/** The app's database: a Postgres server's URL, or the DATA_DIR holding the embedded database. */
type AppDatabase = { url: string } | { dataDir: string };

/** Every app and baseline process the bench started: a failed run stops them too (their workers would go on). */
const children = new Set<ChildProcess>();

/**
 * The built server in production mode. It listens on a port the system picks and reports it over IPC
 * (listeningPort): a port probed free beforehand can be taken by another process before the app binds it.
 */
async function startApp(database: AppDatabase, logFile: string, providers: Record<string, string> = {}) {
  const out = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, [path.join(root, 'dist/server/index.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      ...('url' in database
        ? { DATABASE_URL: database.url, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'rf-bench-data-')) }
        : { DATA_DIR: database.dataDir }),
      SEED_DEMO: 'false',
      SESSION_SECRET: 'bench-session-secret-0123456789abcdef0123456789',
      TOKEN_ENCRYPTION_KEY: 'b'.repeat(64),
      // The bench signs in many clients and posts thousands of reviews from one address.
      RATE_LIMIT_AUTH: '1000000',
      RATE_LIMIT_PUBLIC: '100000000',
      FREE_PLAN_REQUESTS: '100000000',
      ...providers,
    },
    stdio: ['ignore', out, out, 'ipc'],
  });
  children.add(child);
  const port = await listeningPort(child, () => fs.readFileSync(logFile, 'utf8'));
  // The channel stays open: the bench asks the app for its event-loop delay and GC pauses around a run.
  return { child, base: `http://127.0.0.1:${port}` };
}

/** Resets or reads the app's runtime stats over its IPC channel (server/lib/runtime-stats.ts). */
function askRuntimeStats(
  child: ChildProcess,
  request: RuntimeStatsRequest['runtimeStats'],
): Promise<RuntimeStats> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { runtimeStats?: RuntimeStats }) => {
      if (!message?.runtimeStats) return;
      child.off('message', onMessage);
      resolve(message.runtimeStats);
    };
    child.on('message', onMessage);
    child.send({ runtimeStats: request } satisfies RuntimeStatsRequest, (error) => {
      if (!error) return;
      child.off('message', onMessage);
      reject(error);
    });
  });
}

async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const cookie = res.headers
    .getSetCookie()
    .find((set) => set.startsWith('rf.sid='))
    ?.split(';')[0];
  if (!res.ok || !cookie) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  return cookie;
}

/** The session id inside express-session's signed cookie (`s:<sid>.<signature>`). */
const sidOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!).slice(2).split('.')[0]!;

/**
 * Waits until the run before has drained. Requests still queued when autocannon stops are answered after it,
 * and would otherwise be paid for by the next run (a deep page's backlog of 3-second queries cost the next
 * read 90% of its throughput). The embedded database runs one query at a time: one more request answered
 * means the queue is empty. A server: no statement of the bench database running and no job of the app's
 * queue due or running, twice in a row. The app's worker shares the process and the cores with the reads: at
 * 10M its start queued 10,000 weekly digests, drained over 84 s, which the first read paid for (19.8-36.8 ms
 * p50 at a steady rate in `2026-12-04T2033` and `T2050` where a quiet machine answers it in about 2 ms).
 */
async function settle(database: AppDatabase, base: string, request: BenchRequest): Promise<void> {
  if ('dataDir' in database) {
    await fetch(`${base}${request.path}`, { headers: request.headers }).then(
      (res) => res.arrayBuffer(),
      () => undefined,
    );
    return;
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const deadline = Date.now() + 300_000;
    for (let quiet = 0; quiet < 2;) {
      const { rows } = await client.query<{ active: number; jobs: number }>(
        `select (select count(*)::int from pg_stat_activity
                  where datname = current_database() and state = 'active' and pid <> pg_backend_pid()) as active,
                (select count(*)::int from jobs
                  where (status = 'pending' and run_at <= now())
                     or (status = 'running' and locked_at > now() - interval '1 minute')) as jobs`,
      );
      quiet = rows[0]!.active === 0 && rows[0]!.jobs === 0 ? quiet + 1 : 0;
      if (Date.now() > deadline) throw new Error('the bench database was still busy 5 minutes after a run');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await client.end();
  }
}

/** Round robin over a list, shared by every connection of one run. */
function roundRobin<T>(items: readonly T[]): () => T {
  let i = 0;
  return () => items[i++ % items.length]!;
}

const say = (line: string) => console.warn(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`);

/** Seeds one database, measures the built server on it against the baseline, and answers the figures. */
async function measureDatabase(
  kind: DatabaseKind,
  measureLighthouse: boolean,
): Promise<{ figures: DatabaseFigures; lighthouse?: LighthouseScore[] }> {
  const embedded = kind === 'pglite';
  const run = settingsFor(kind);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rf-bench-'));

  say(
    `seeding ${embedded ? 'the embedded database (PGlite)' : settings.database}: ${JSON.stringify(run.seed)}`,
  );
  const prepared = embedded ? await preparePglite(run.seed) : await preparePostgres(run.seed);
  const database: AppDatabase = 'url' in prepared ? { url: prepared.url } : { dataDir: prepared.dataDir };
  say(`seeded in ${prepared.seedSeconds} s`);

  // A SQL client of the bench's own. The embedded database has one process at a time: the bench reads what it
  // needs before the app starts, and opens it again only once the app has stopped.
  const pgClient = 'url' in database ? new pg.Client({ connectionString: database.url }) : undefined;
  const embeddedDir = 'url' in database ? undefined : database.dataDir;
  await pgClient?.connect();
  const query = async <T>(text: string, params: unknown[] = []): Promise<T[]> =>
    pgClient
      ? (await pgClient.query(text, params)).rows
      : withPglite(
          (database as { dataDir: string }).dataDir,
          async (client) => (await client.query<T>(text, params)).rows,
        );

  const owners = await query<{ id: number; email: string }>(
    `select id, email from users where email like 'bench-client-%' order by id limit $1`,
    [settings.signedIn],
  );
  const bigOwner = owners[0]!;
  // Each owner's middle page: the deep page read by keyset starts there (page 10,000 of the biggest client).
  const reviewCounts = new Map(
    (
      await query<{ owner_id: number; n: string }>(
        `select owner_id, count(*) as n from reviews where owner_id = any($1) group by owner_id`,
        [owners.map((o) => o.id)],
      )
    ).map((r) => [r.owner_id, Number(r.n)]),
  );
  const middlePage = (ownerId: number) =>
    Math.max(1, Math.floor((reviewCounts.get(ownerId) ?? 0) / PAGE_SIZE / 2));
  // The writes: each customer link takes one review; each reply answers a review not yet answered, nor with a
  // reply waiting for its site (which the app refuses with a 409: a second reply would not be the one sent).
  const expected = Math.max(2_000, settings.seconds * 3_000);
  const links = (
    await query<{ unique_link: string }>(
      `select unique_link from review_requests where status = 'sent' order by id limit $1`,
      [expected],
    )
  ).map((r) => r.unique_link);
  const open = await query<{ id: number; owner_id: number }>(
    `select id, owner_id from reviews
      where owner_id = any($1) and response_content is null and reply_publish_state is null
      order by id limit $2`,
    [owners.map((o) => o.id), expected],
  );
  const link = (
    await query<{ public_link: string }>(`select public_link from locations where owner_id = $1`, [
      bigOwner.id,
    ])
  )[0]!.public_link;

  // Messages go out through the real protocols to local fakes (a Postgres server only: see deliveries.ts).
  const fakes = 'url' in database && settings.sendContacts > 0 ? await startDeliveryFakes() : undefined;
  const app = await startApp(database, path.join(work, 'server.log'), fakes?.env);
  say(`server up at ${app.base}`);
  const cookies = new Map<number, string>();
  for (const owner of owners) cookies.set(owner.id, await signIn(app.base, owner.email));
  say(`${cookies.size} clients signed in`);

  // Where each owner's deep page starts by keyset: the X-Next-Cursor of the page before it (asked once, by
  // page number; the measured read then goes on from the cursor, as a client paging by cursor does).
  const cursors = new Map<number, string>();
  for (const owner of owners) {
    const page = middlePage(owner.id);
    if (page < 2) continue;
    const res = await fetch(`${app.base}/api/reviews?page=${page - 1}&pageSize=${PAGE_SIZE}`, {
      headers: { cookie: cookies.get(owner.id)! },
    });
    const cursor = res.headers.get('x-next-cursor');
    if (!res.ok || !cursor) throw new Error(`no cursor for owner ${owner.id}: ${res.status}`);
    cursors.set(owner.id, cursor);
  }
  const cursorQuery = (ownerId: number): Record<string, string> => {
    const cursor = cursors.get(ownerId);
    return cursor
      ? { filter: 'all', pageSize: String(PAGE_SIZE), cursor }
      : { filter: 'all', page: '1', pageSize: String(PAGE_SIZE) };
  };

  // The reads, each through the app's own service for the capture.
  let services: ReturnType<typeof servicesOver> | undefined;
  const readSession = (ownerId: number) =>
    new Promise((resolve, reject) =>
      services!.sessions.get(sidOf(cookies.get(ownerId)!), (err) => (err ? reject(err) : resolve(null))),
    );
  const listRead = (name: string, query: Record<string, string>): Read => ({
    name,
    path: `/api/reviews?${new URLSearchParams(query)}`,
    capture: (ownerId) => services!.reviews.list(wholeClient(ownerId), listQueryOf(query)),
  });
  const deepPage = String(Math.floor(run.seed.bigClientReviews / PAGE_SIZE / 2));
  const allReads: Read[] = [
    ...FILTERS.map((filter) =>
      listRead(`reviews ${filter}`, { filter, page: '1', pageSize: String(PAGE_SIZE) }),
    ),
    // A word in a third of the reviews, then a name in a sixth of a percent (the trigram indexes').
    listRead('reviews search', { filter: 'all', page: '1', pageSize: String(PAGE_SIZE), q: 'quick' }),
    listRead('reviews search by name', {
      filter: 'all',
      page: '1',
      pageSize: String(PAGE_SIZE),
      q: 'Femi 12',
    }),
    listRead(`reviews deep page ${deepPage}`, { filter: 'all', page: deepPage, pageSize: String(PAGE_SIZE) }),
    {
      name: `reviews deep page ${deepPage} by cursor`,
      path: `/api/reviews?${new URLSearchParams(cursorQuery(bigOwner.id))}`,
      pathFor: (ownerId) => `/api/reviews?${new URLSearchParams(cursorQuery(ownerId))}`,
      capture: (ownerId) => services!.reviews.list(wholeClient(ownerId), listQueryOf(cursorQuery(ownerId))),
    },
    {
      name: 'dashboard stats',
      path: '/api/dashboard/stats',
      capture: (id) => services!.dashboard.stats(wholeClient(id), DASHBOARD_WINDOW_DAYS),
    },
    {
      name: 'dashboard charts',
      path: '/api/dashboard/charts',
      capture: (id) => services!.dashboard.charts(wholeClient(id)),
    },
    {
      name: 'user',
      path: '/api/user',
      // The session store reads the user with the session, in one statement (server/lib/session-store.ts).
      capture: (id) => readSession(id),
      readsOnlyTheSession: true,
    },
  ];
  const reads =
    onlyReads.length === 0
      ? allReads
      : allReads.filter((read) => onlyReads.some((word) => read.name.includes(word)));

  // Two loads per read: the biggest client alone, and every signed-in client in turn.
  // The small bench (in `npm test`) only checks that every part still runs: one mix, no warm-up.
  const mixes: Record<string, number[]> = small
    ? { mixed: owners.map((o) => o.id) }
    : { big: [bigOwner.id], mixed: owners.map((o) => o.id) };
  const options = { connections: run.connections, seconds: settings.seconds };
  // Flat out, or at a steady rate (requests a second) once the read has run flat out.
  const loadAt = (base: string, request: () => BenchRequest, rate?: number) =>
    rate ? steadyLoad(base, request, { ...options, rate }) : load(base, request, options);
  let underLoadPeakRssMb = 0;
  const appRun = async (read: Read, ids: number[], rate?: number) => {
    const nextOwner = roundRobin(ids);
    const appRequest = () => {
      const id = nextOwner();
      return { path: read.pathFor?.(id) ?? read.path, headers: { cookie: cookies.get(id)! } };
    };
    // A second of warm-up first, so the JIT and the pools are the same for every read.
    if (!small && !rate) await load(app.base, appRequest, { connections: 10, seconds: 1 });
    await settle(database, app.base, appRequest());
    await askRuntimeStats(app.child, 'reset');
    const result = await loadAt(app.base, appRequest, rate);
    const runtime = await askRuntimeStats(app.child, 'read');
    if (!rate) underLoadPeakRssMb = Math.max(underLoadPeakRssMb, runtime.rssPeakMb);
    await settle(database, app.base, appRequest());
    return { result, runtime };
  };
  const baselineRun = async (base: string, read: Read, ids: number[], rate?: number) => {
    const nextOwner = roundRobin(ids);
    const request = () => ({
      path: `/${encodeURIComponent(read.name)}`,
      headers: { 'x-owner': String(nextOwner()) },
    });
    const result = await loadAt(base, request, rate);
    await settle(database, base, request());
    return result;
  };

  // The app's statements for each read and owner, captured through a drizzle logger, for the baseline: the
  // session's, then the read's own (bench/baseline-server.ts runs them in that order, as the app must).
  const spec: BaselineSpec = {};
  const capture = async (handle: (onQuery: QueryListener) => Promise<DatabaseHandle>) => {
    const captureLog: Statement[] = [];
    const capturing = await handle((text, params) => captureLog.push({ text, params }));
    services = servicesOver(capturing);
    // The store renews a session on its first read of the minute (an update); the baseline is to run the plain
    // read that every request in between makes, so each session is read once before the capture.
    for (const owner of owners) await readSession(owner.id);
    const captured = async (code: () => Promise<unknown>) => {
      captureLog.length = 0;
      await code();
      return [...captureLog];
    };
    for (const read of reads) {
      spec[read.name] = {};
      for (const owner of owners) {
        spec[read.name]![owner.id] = {
          session: read.readsOnlyTheSession ? [] : await captured(() => readSession(owner.id)),
          read: await captured(() => read.capture(owner.id)),
        };
        const session = spec[read.name]![owner.id]!;
        const sessionStatements = read.readsOnlyTheSession ? session.read : session.session;
        if (!sessionStatements.every((statement) => statement.text.startsWith('select '))) {
          throw new Error(
            `the baseline would renew the session on every request: ${sessionStatements[0]?.text}`,
          );
        }
      }
    }
    await namePreparedStatements(capturing, spec);
    await capturing.close();
    const specFile = path.join(work, 'baseline-spec.json');
    fs.writeFileSync(specFile, JSON.stringify(spec));
    return specFile;
  };

  const readFigures: ReadFigures[] = [];
  const report1 = (figure: ReadFigures) => {
    readFigures.push(figure);
    say(
      `${figure.read} (${figure.mix}): p50 ${figure.app.p50} ms, p99 ${figure.app.p99} ms, ${figure.app.requestsPerSecond}/s vs baseline ${figure.baseline.requestsPerSecond}/s, errors ${figure.app.errors}` +
        (figure.steady
          ? `; at ${figure.steady.rate}/s p99 ${figure.steady.app.p99} ms vs baseline ${figure.steady.baseline.p99} ms` +
            (figure.steady.runtime
              ? ` (loop delay p99 ${figure.steady.runtime.loopDelayP99} ms, ${figure.steady.runtime.gcCount} GCs, ${figure.steady.runtime.gcTotalMs} ms)`
              : '')
          : ''),
    );
  };
  let baseline: Awaited<ReturnType<typeof startBaseline>> | undefined;
  const appFigures = new Map<string, LoadResult[]>();
  if ('url' in database) {
    // A server takes both at once: each read on the app, then at once on the baseline.
    // One connection, so every statement the app prepared is in its pg_prepared_statements (namePreparedStatements).
    const specFile = await capture(async (onQuery) => openPostgres(database.url, 1, onQuery));
    baseline = await startBaseline(baselineDatabaseOf(database), specFile);
    children.add(baseline.child);
    say(`baseline up at ${baseline.base}`);
    for (const read of reads) {
      for (const [mix, ids] of Object.entries(mixes)) {
        const appRuns: LoadResult[] = [];
        const baselineRuns: LoadResult[] = [];
        for (let round = 0; round < run.rounds; round++) {
          appRuns.push((await appRun(read, ids)).result);
          baselineRuns.push(await baselineRun(baseline.base, read, ids));
        }
        const figures = figuresOf(read, mix, appRuns, baselineRuns);
        if (hasLatencyTarget(read.name)) {
          const rate = Math.max(1, Math.round(figures.app.requestsPerSecond / 2));
          const appRounds: Awaited<ReturnType<typeof appRun>>[] = [];
          const baselineRounds: LoadResult[] = [];
          for (let round = 0; round < run.steadyRounds; round++) {
            appRounds.push(await appRun(read, ids, rate));
            baselineRounds.push(await baselineRun(baseline.base, read, ids, rate));
          }
          const appResults = appRounds.map((round) => round.result);
          figures.steady = {
            rate,
            app: medianOf(appResults),
            baseline: medianOf(baselineRounds),
            runtime: appRounds[medianRunIndex(appResults)]!.runtime,
            p99s: { app: appResults.map((r) => r.p99), baseline: baselineRounds.map((r) => r.p99) },
          };
        }
        report1(figures);
      }
    }
  } else {
    // The embedded database belongs to one process: every read on the app first, the baseline after it stops.
    for (const read of reads) {
      for (const [mix, ids] of Object.entries(mixes)) {
        const appRuns: LoadResult[] = [];
        for (let round = 0; round < run.rounds; round++) appRuns.push((await appRun(read, ids)).result);
        appFigures.set(`${read.name}/${mix}`, appRuns);
        const fastest = fastestOf(appRuns);
        say(
          `${read.name} (${mix}): p50 ${fastest.p50} ms, p99 ${fastest.p99} ms, ${fastest.requestsPerSecond}/s, errors ${fastest.errors}`,
        );
      }
    }
  }

  // Every read in turn, each for every signed-in client in turn, for the soak's length.
  const soakSeconds = settings.soakSeconds(kind);
  const soak =
    soakSeconds > 0
      ? await measureSoak({
          base: app.base,
          seconds: soakSeconds,
          rate: settings.soakRate,
          connections: run.connections,
          next: (() => {
            const nextRead = roundRobin(reads);
            const nextOwner = roundRobin(owners.map((o) => o.id));
            return () => {
              const read = nextRead();
              const id = nextOwner();
              return { path: read.pathFor?.(id) ?? read.path, headers: { cookie: cookies.get(id)! } };
            };
          })(),
          runtimeStats: (request) => askRuntimeStats(app.child, request),
        })
      : undefined;
  if (soak)
    say(
      `soak: ${soak.seconds} s at ${soak.rate}/s, p99 ${soak.load.p99} ms, errors ${soak.load.errors}; RSS ${soak.rssSamplesMb.join(' ')} MB, peak ${soak.peakRssMb}`,
    );

  const submission = JSON.stringify({ rating: 5, content: 'Quick and friendly, thank you', name: 'Bench' });
  const nextLink = roundRobin(links);
  const submit = await load(
    app.base,
    (): BenchRequest => ({ method: 'POST', path: `/api/public/review/${nextLink()}`, body: submission }),
    options,
  );
  say(
    `public submission: p50 ${submit.p50} ms, p99 ${submit.p99} ms, ${submit.requestsPerSecond}/s, errors ${submit.errors}`,
  );
  const nextOpen = roundRobin(open);
  const reply = JSON.stringify({ responseContent: 'Thank you, see you soon!' });
  const replyRun = await load(
    app.base,
    (): BenchRequest => {
      const review = nextOpen();
      return {
        method: 'POST',
        path: `/api/reviews/${review.id}/response`,
        headers: { cookie: cookies.get(review.owner_id)! },
        body: reply,
      };
    },
    options,
  );
  say(
    `reply: p50 ${replyRun.p50} ms, p99 ${replyRun.p99} ms, ${replyRun.requestsPerSecond}/s, errors ${replyRun.errors}`,
  );
  const writes: { write: string; result: LoadResult; available: number }[] = [
    { write: 'public review submission', result: submit, available: links.length },
    { write: 'reply', result: replyRun, available: open.length },
  ];
  const deliveries = fakes
    ? await measureDeliveries({
        base: app.base,
        cookie: cookies.get(bigOwner.id)!,
        ownerId: bigOwner.id,
        locationId: (
          await query<{ id: number }>(`select id from locations where owner_id = $1`, [bigOwner.id])
        )[0]!.id,
        query,
        fakes,
        contactsPerMethod: settings.sendContacts,
        startAnotherProcess: async () => {
          const another = await startApp(database, path.join(work, 'server-2.log'), fakes.env);
          return () => stop(another.child);
        },
        say,
      })
    : undefined;

  const appPeakRssMb = peakRssMb(app.child.pid);
  const lighthouse = measureLighthouse
    ? await lighthouseScores([`${app.base}/`, `${app.base}/review/${link}`])
    : undefined;

  if (!('url' in database)) {
    // The app lets go of the embedded database; the capture and then the baseline open it in turn. The
    // baseline's reads come after the writes above: a few thousand more reviews and replies than the app saw.
    await stop(app.child);
    const specFile = await capture((onQuery) => openPglite(pgliteDirOf(database.dataDir), onQuery));
    baseline = await startBaseline(baselineDatabaseOf(database), specFile);
    children.add(baseline.child);
    say(`baseline up at ${baseline.base}`);
    for (const read of reads) {
      for (const [mix, ids] of Object.entries(mixes)) {
        const baselineRuns: LoadResult[] = [];
        for (let round = 0; round < run.rounds; round++)
          baselineRuns.push(await baselineRun(baseline.base, read, ids));
        report1(figuresOf(read, mix, appFigures.get(`${read.name}/${mix}`)!, baselineRuns));
      }
    }
  }
  const memory = {
    appPeakRssMb,
    baselinePeakRssMb: peakRssMb(baseline!.child.pid),
    underLoadPeakRssMb: underLoadPeakRssMb || null,
    soak,
  };
  await stop(baseline!.child);
  await stop(app.child);
  await fakes?.close();

  // The plans of the reads, for the biggest client, as the app ran them.
  const explains: { read: string; statements: { text: string; plan: string }[] }[] = [];
  const explain = async (client: SqlClient) => {
    for (const read of reads) {
      const statements = [];
      for (const statement of spec[read.name]![bigOwner.id]!.read) {
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) ${statement.text}`,
          statement.params,
        );
        statements.push({ text: statement.text, plan: rows.map((r) => r['QUERY PLAN']).join('\n') });
      }
      explains.push({ read: read.name, statements });
    }
  };
  if (pgClient) await explain(pgClient as unknown as SqlClient);
  else await withPglite(embeddedDir!, explain);

  await pgClient?.end();
  if (!settings.keepDatabase) {
    if ('url' in database) {
      const admin = new pg.Client({ connectionString: settings.serverUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${settings.database} with (force)`);
      await admin.end();
    } else {
      fs.rmSync(database.dataDir, { recursive: true, force: true });
    }
  }

  fs.rmSync(work, { recursive: true, force: true });
  const figures: DatabaseFigures = {
    database: kind,
    seed: run.seed,
    seedSeconds: prepared.seedSeconds,
    connections: run.connections,
    secondsPerRun: settings.seconds,
    rounds: run.rounds,
    steadyRounds: run.steadyRounds,
    signedInClients: owners.length,
    reads: readFigures,
    writes,
    deliveries,
    memory,
    explains,
  };
  return { figures, lighthouse };
}

async function main(): Promise<void> {
  const databases = databasesToMeasure();
  if (databases.includes('postgres') && !settings.serverUrl)
    throw new Error('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a Postgres server.');
  const dist = path.join(root, 'dist/server/index.js');
  if (!fs.existsSync(dist)) throw new Error('Build first: npm run build (the bench runs the built server).');
  fs.mkdirSync(settings.resultsDir, { recursive: true });
  const reference = settings.compareTo ? referenceReads(settings.compareTo) : undefined;

  const measured: DatabaseFigures[] = [];
  const skipped = small
    ? 'skipped in the small bench (BENCH_LIGHTHOUSE=1 runs it)'
    : 'skipped: BENCH_LIGHTHOUSE=0';
  let lighthouse: LighthouseScore[] = [
    { url: '/', notMeasured: skipped },
    { url: '/review/{link}', notMeasured: skipped },
  ];
  for (const [i, kind] of databases.entries()) {
    const result = await measureDatabase(kind, settings.lighthouse && i === 0);
    measured.push(result.figures);
    lighthouse = result.lighthouse ?? lighthouse;
  }

  let bundles: RouteSize[] = [];
  try {
    bundles = measureBundles(path.join(root, 'dist/public'));
  } catch (error) {
    say(`bundle sizes not measured: ${String(error)}`);
  }

  const report: BenchReport = {
    date: new Date().toISOString(),
    size: small ? 'small' : tenMillion ? '10m' : 'full',
    machine: {
      cpus: os.availableParallelism(),
      loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
      node: process.version,
    },
    note: settings.note,
    databases: measured,
    bundles,
    lighthouse,
    reference,
  };
  const written = writeReport(settings.resultsDir, report);
  say(`report: ${written.markdown}`);
  const errors = failedRequests(measured);
  if (errors > 0) {
    console.error(`bench: ${errors} requests failed (see the report); the bench expects none`);
    process.exitCode = 1;
  }
}

/** The Postgres server's reads of an earlier report (its .json), which a 10M run is compared with. */
function referenceReads(file: string): NonNullable<BenchReport['reference']> {
  const earlier = JSON.parse(fs.readFileSync(file, 'utf8')) as BenchReport;
  const server = earlier.databases.find((d) => d.database === 'postgres');
  if (!server) throw new Error(`${file} has no Postgres server figures to compare with.`);
  return { file: path.relative(root, path.resolve(file)), reads: server.reads };
}

/** One read's line of the report from its runs on the app and on the baseline. */
function figuresOf(read: Read, mix: string, appRuns: LoadResult[], baselineRuns: LoadResult[]): ReadFigures {
  const perSecond = (runs: LoadResult[]) => runs.map((run) => run.requestsPerSecond);
  return {
    read: read.name,
    path: read.path,
    mix,
    app: fastestOf(appRuns),
    baseline: fastestOf(baselineRuns),
    runs: { app: perSecond(appRuns), baseline: perSecond(baselineRuns) },
  };
}

/** The app's services for the reads, over one database handle (the capture's). */
function servicesOver(handle: DatabaseHandle) {
  const captureStartedAt = Date.now();
  return {
    reviews: createReviewsService(createReviewsRepository(handle.db)),
    dashboard: createDashboardService(createDashboardRepository(handle.db)),
    // On a clock that stands still: once read, a session is never due a renewal again during the capture.
    sessions: new DatabaseSessionStore(handle.db, () => captureStartedAt),
  };
}

/** A list read's query string as the service takes it. */
function listQueryOf(query: Record<string, string>): ReviewListQuery {
  return {
    filter: (query.filter ?? 'all') as ReviewListQuery['filter'],
    page: query.page === undefined ? undefined : Number(query.page),
    pageSize: Number(query.pageSize),
    q: query.q,
    cursor: query.cursor,
  };
}

main().catch(async (error: unknown) => {
  console.error(error);
  await Promise.all([...children].map(stop));
  process.exit(1);
});
