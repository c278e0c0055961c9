import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPostgres } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { hashPassword } from '../server/lib/password';
import { DatabaseSessionStore } from '../server/lib/session-store';
import { createUsersRepository } from '../server/features/auth/users.repository';
import { createReviewsRepository } from '../server/features/reviews/reviews.repository';
import { createReviewsService } from '../server/features/reviews/reviews.service';
import { createDashboardRepository } from '../server/features/dashboard/dashboard.repository';
import { createDashboardService } from '../server/features/dashboard/dashboard.service';
import type { ReviewListQuery } from '@shared/schemas/reviews';
import { FULL_SEED, SMALL_SEED, seedDatabase, type SeedSize } from './seed';
import { load, type BenchRequest, type LoadResult } from './load';
import { measureBundles, type RouteSize } from './bundle-sizes';
import { lighthouseScores, type LighthouseScore } from './lighthouse';
import { writeReport, type BenchReport, type ReadFigures } from './report';

// The bench is a tool run by hand or by `npm test`: it reads its own settings from the environment.
const small = process.env.BENCH_SIZE === 'small';
const root = path.resolve(import.meta.dirname, '..');
const settings = {
  serverUrl: process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL,
  database: process.env.BENCH_DATABASE_NAME || (small ? 'rf_bench_small' : 'rf_bench'),
  seed: small ? SMALL_SEED : FULL_SEED,
  seconds: Number(process.env.BENCH_SECONDS || (small ? 1 : 5)),
  connections: Number(process.env.BENCH_CONNECTIONS || (small ? 10 : 50)),
  signedIn: Number(process.env.BENCH_CLIENTS || (small ? 5 : 50)),
  lighthouse: process.env.BENCH_LIGHTHOUSE ? process.env.BENCH_LIGHTHOUSE === '1' : !small,
  keepDatabase: process.env.BENCH_KEEP_DATABASE === '1',
  reseed: process.env.BENCH_RESEED !== '0',
  resultsDir:
    process.env.BENCH_RESULTS_DIR ||
    (small ? path.join(os.tmpdir(), 'rf-bench-small') : path.join(root, 'bench/results')),
  note: process.env.BENCH_NOTE || '',
};

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
  /** The app's own code for the read, run once per owner to capture its statements for the baseline. */
  capture(ownerId: number, sid: string): Promise<unknown>;
}

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

async function waitFor(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url} exited at start:\n${log()}`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    if (Date.now() > deadline) throw new Error(`${url} did not start:\n${log()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
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

async function prepareDatabase(size: SeedSize): Promise<{ url: string; seedSeconds: number }> {
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

async function startApp(databaseUrl: string, logFile: string) {
  const port = await freePort();
  const out = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, [path.join(root, 'dist/server/index.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'rf-bench-data-')),
      SEED_DEMO: 'false',
      SESSION_SECRET: 'bench-session-secret-0123456789abcdef0123456789',
      TOKEN_ENCRYPTION_KEY: 'b'.repeat(64),
      // The bench signs in many clients and posts thousands of reviews from one address.
      RATE_LIMIT_AUTH: '1000000',
      RATE_LIMIT_PUBLIC: '100000000',
      FREE_PLAN_REQUESTS: '100000000',
    },
    stdio: ['ignore', out, out],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, child, () => fs.readFileSync(logFile, 'utf8'));
  return { child, base };
}

async function startBaseline(databaseUrl: string, specFile: string) {
  const port = await freePort();
  const child = fork(path.join(root, 'bench/baseline-server.ts'), [specFile, String(port)], {
    execArgv: ['--import', 'tsx'],
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`baseline exited (${code})`)));
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!res.ok || !cookie) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  return cookie;
}

/** The session id inside express-session's signed cookie (`s:<sid>.<signature>`). */
const sidOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!).slice(2).split('.')[0]!;

/** Round robin over a list, shared by every connection of one run. */
function roundRobin<T>(items: readonly T[]): () => T {
  let i = 0;
  return () => items[i++ % items.length]!;
}

async function main(): Promise<void> {
  if (!settings.serverUrl)
    throw new Error('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a Postgres server.');
  const dist = path.join(root, 'dist/server/index.js');
  if (!fs.existsSync(dist)) throw new Error('Build first: npm run build (the bench runs the built server).');
  fs.mkdirSync(settings.resultsDir, { recursive: true });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rf-bench-'));
  const say = (line: string) => console.warn(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`);

  say(`seeding ${settings.database}: ${JSON.stringify(settings.seed)}`);
  const { url, seedSeconds } = await prepareDatabase(settings.seed);
  say(`seeded in ${seedSeconds} s`);

  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const owners = (
    await db.query<{ id: number; email: string }>(
      `select id, email from users where email like 'bench-client-%' order by id limit $1`,
      [settings.signedIn],
    )
  ).rows;
  const bigOwner = owners[0]!;

  const app = await startApp(url, path.join(work, 'server.log'));
  say(`server up at ${app.base}`);
  const cookies = new Map<number, string>();
  for (const owner of owners) cookies.set(owner.id, await signIn(app.base, owner.email));
  say(`${cookies.size} clients signed in`);

  // The reads, each through the app's own service for the capture.
  const captureLog: { text: string; params: unknown[] }[] = [];
  const capturing = openPostgres(url, 2, (text, params) => captureLog.push({ text, params }));
  const reviewsService = createReviewsService(createReviewsRepository(capturing.db));
  const dashboard = createDashboardService(createDashboardRepository(capturing.db));
  const sessionStore = new DatabaseSessionStore(capturing.db);
  const users = createUsersRepository(capturing.db);
  const listRead = (name: string, query: Record<string, string>): Read => ({
    name,
    path: `/api/reviews?${new URLSearchParams(query)}`,
    capture: (ownerId) =>
      reviewsService.list(ownerId, {
        filter: (query.filter ?? 'all') as ReviewListQuery['filter'],
        page: Number(query.page),
        pageSize: Number(query.pageSize),
        q: query.q,
      }),
  });
  const deepPage = String(Math.floor(settings.seed.bigClientReviews / PAGE_SIZE / 2));
  const reads: Read[] = [
    ...FILTERS.map((filter) =>
      listRead(`reviews ${filter}`, { filter, page: '1', pageSize: String(PAGE_SIZE) }),
    ),
    listRead('reviews search', { filter: 'all', page: '1', pageSize: String(PAGE_SIZE), q: 'quick' }),
    listRead(`reviews deep page ${deepPage}`, { filter: 'all', page: deepPage, pageSize: String(PAGE_SIZE) }),
    { name: 'dashboard stats', path: '/api/dashboard/stats', capture: (id) => dashboard.stats(id) },
    { name: 'dashboard charts', path: '/api/dashboard/charts', capture: (id) => dashboard.charts(id) },
    {
      name: 'user',
      path: '/api/user',
      capture: async (id, sid) => {
        await new Promise((resolve, reject) =>
          sessionStore.get(sid, (err) => (err ? reject(err) : resolve(null))),
        );
        await users.findById(id);
      },
    },
  ];
  const spec: Record<string, Record<string, { text: string; params: unknown[] }[]>> = {};
  for (const read of reads) {
    spec[read.name] = {};
    for (const owner of owners) {
      captureLog.length = 0;
      await read.capture(owner.id, sidOf(cookies.get(owner.id)!));
      spec[read.name]![owner.id] = [...captureLog];
    }
  }
  await capturing.close();
  const specFile = path.join(work, 'baseline-spec.json');
  fs.writeFileSync(specFile, JSON.stringify(spec));
  const baseline = await startBaseline(url, specFile);
  say(`baseline up at ${baseline.base}`);

  // Two loads per read: the biggest client alone, and every signed-in client in turn.
  // The small bench (in `npm test`) only checks that every part still runs: one mix, no warm-up.
  const mixes: Record<string, number[]> = small
    ? { mixed: owners.map((o) => o.id) }
    : { big: [bigOwner.id], mixed: owners.map((o) => o.id) };
  const figures: ReadFigures[] = [];
  const options = { connections: settings.connections, seconds: settings.seconds };
  for (const read of reads) {
    for (const [mix, ids] of Object.entries(mixes)) {
      const nextOwner = roundRobin(ids);
      const appRequest = () => ({ path: read.path, headers: { cookie: cookies.get(nextOwner())! } });
      // A second of warm-up first, so the JIT and the pools are the same for every read.
      if (!small) await load(app.base, appRequest, { connections: 10, seconds: 1 });
      const appRun = await load(app.base, appRequest, options);
      const nextBaseOwner = roundRobin(ids);
      const baseRun = await load(
        baseline.base,
        () => ({
          path: `/${encodeURIComponent(read.name)}`,
          headers: { 'x-owner': String(nextBaseOwner()) },
        }),
        options,
      );
      figures.push({ read: read.name, path: read.path, mix, app: appRun, baseline: baseRun });
      say(
        `${read.name} (${mix}): p50 ${appRun.p50} ms, p99 ${appRun.p99} ms, ${appRun.requestsPerSecond}/s vs baseline ${baseRun.requestsPerSecond}/s, errors ${appRun.errors}`,
      );
    }
  }

  // The writes: each customer link takes one review; each reply answers a review not yet answered.
  const expected = Math.max(2_000, settings.seconds * 3_000);
  const links = (
    await db.query<{ unique_link: string }>(
      `select unique_link from review_requests where status = 'sent' order by id limit $1`,
      [expected],
    )
  ).rows.map((r) => r.unique_link);
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
  const open = (
    await db.query<{ id: number; owner_id: number }>(
      `select id, owner_id from reviews where owner_id = any($1) and response_content is null order by id limit $2`,
      [owners.map((o) => o.id), expected],
    )
  ).rows;
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

  const memory = { appPeakRssMb: peakRssMb(app.child.pid), baselinePeakRssMb: peakRssMb(baseline.child.pid) };

  // The plans of the reads, for the biggest client, as the app ran them.
  const explains: { read: string; statements: { text: string; plan: string }[] }[] = [];
  for (const read of reads) {
    const statements = [];
    for (const statement of spec[read.name]![bigOwner.id]!) {
      const { rows } = await db.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${statement.text}`,
        statement.params as unknown[],
      );
      statements.push({ text: statement.text, plan: rows.map((r) => r['QUERY PLAN']).join('\n') });
    }
    explains.push({ read: read.name, statements });
  }

  let bundles: RouteSize[] = [];
  try {
    bundles = measureBundles(path.join(root, 'dist/public'));
  } catch (error) {
    say(`bundle sizes not measured: ${String(error)}`);
  }
  const link = (
    await db.query<{ public_link: string }>(`select public_link from locations where owner_id = $1`, [
      bigOwner.id,
    ])
  ).rows[0]!.public_link;
  const lighthouse: LighthouseScore[] = settings.lighthouse
    ? await lighthouseScores([`${app.base}/`, `${app.base}/review/${link}`])
    : [
        { url: '/', notMeasured: 'skipped in the small bench (BENCH_LIGHTHOUSE=1 runs it)' },
        { url: '/review/{link}', notMeasured: 'skipped in the small bench (BENCH_LIGHTHOUSE=1 runs it)' },
      ];

  app.child.kill('SIGTERM');
  baseline.child.kill('SIGTERM');
  await db.end();
  if (!settings.keepDatabase) {
    const admin = new pg.Client({ connectionString: settings.serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${settings.database} with (force)`);
    await admin.end();
  }

  const report: BenchReport = {
    date: new Date().toISOString(),
    size: small ? 'small' : 'full',
    database: 'postgres',
    seed: settings.seed,
    seedSeconds,
    connections: settings.connections,
    secondsPerRun: settings.seconds,
    signedInClients: owners.length,
    machine: {
      cpus: os.availableParallelism(),
      loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
      node: process.version,
    },
    note: settings.note,
    reads: figures,
    writes,
    memory,
    bundles,
    lighthouse,
    explains,
  };
  const written = writeReport(settings.resultsDir, report);
  say(`report: ${written.markdown}`);
  const errors = [
    ...figures.map((f) => f.app.errors + f.baseline.errors),
    submit.errors,
    replyRun.errors,
  ].reduce((a, b) => a + b, 0);
  fs.rmSync(work, { recursive: true, force: true });
  if (errors > 0) {
    console.error(`bench: ${errors} requests failed (see the report); the bench expects none`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
