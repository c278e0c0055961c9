import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPostgres } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { hashPassword } from '../server/lib/password';
import { listeningPort } from '../server/testing/listening-port';
import { abTable } from './ab-figures';
import { stop } from './baseline';
import { load, type BenchRequest, type LoadResult } from './load';
import { PGLITE_SEED, SMALL_SEED, seedDatabase } from './seed';

/*
 * A/B of builds of the server on the bench's reads: `tsx bench/ab.ts <rev> <rev> ...` (git revisions of this
 * repository, the first being the one the others are compared with). Each revision's server is built on its
 * own from `git archive` (the SPA from this tree's dist/public: run `npm run build` first), all of them run at
 * once against one seeded Postgres database, and the reads go to one build after the other, in a new order each
 * round, so that what the machine does meanwhile falls on every build alike. It prints a table per read: each
 * build's median and range over the rounds, and its gain over the first build, round by round.
 *
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) names the server; AB_DATABASE_NAME the database it creates
 * (rf_bench_ab); BENCH_SIZE=small seeds 4,000 reviews, otherwise 100,000; AB_ROUNDS (3), BENCH_SECONDS (5) and
 * BENCH_CONNECTIONS (20) shape the runs; AB_READS (words, comma-separated) keeps the reads whose names hold one. Every request asks as a browser does, for gzip, deflate, br or zstd.
 */

const root = path.resolve(import.meta.dirname, '..');
const revisions = process.argv.slice(2);
const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const databaseName = process.env.AB_DATABASE_NAME || 'rf_bench_ab';
const seed = process.env.BENCH_SIZE === 'small' ? SMALL_SEED : PGLITE_SEED;
const rounds = Number(process.env.AB_ROUNDS || 3);
const options = {
  connections: Number(process.env.BENCH_CONNECTIONS || 20),
  seconds: Number(process.env.BENCH_SECONDS || 5),
};
const PASSWORD = 'bench-password-2026';
const SIGNED_IN = 5;
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

const say = (line: string) => console.warn(`[ab ${new Date().toISOString().slice(11, 19)}] ${line}`);

/** The server of one revision, built into a directory of its own; the SPA and node_modules are this tree's. */
function buildRevision(revision: string, work: string): string {
  const sha = execFileSync('git', ['rev-parse', '--short', revision], { cwd: root, encoding: 'utf8' }).trim();
  const dir = path.join(work, sha);
  fs.mkdirSync(dir, { recursive: true });
  execFileSync('sh', ['-c', `git archive ${sha} | tar -x -C ${dir}`], { cwd: root });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: dir, stdio: 'inherit' });
  fs.mkdirSync(path.join(dir, 'dist'), { recursive: true });
  fs.symlinkSync(path.join(root, 'dist/public'), path.join(dir, 'dist/public'));
  return dir;
}

async function prepareDatabase(): Promise<string> {
  const url = new URL(serverUrl!);
  url.pathname = `/${databaseName}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const handle = openPostgres(url.toString(), 2);
  await migrateDatabase(handle);
  await handle.close();
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await seedDatabase(client, seed, await hashPassword(PASSWORD));
  await client.end();
  return url.toString();
}

async function dropDatabase(): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
}

/** The built server of `dir` in production mode, as bench/run.ts starts it. */
async function startServer(dir: string, databaseUrl: string, work: string) {
  const logFile = path.join(work, `${path.basename(dir)}.log`);
  const out = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, [path.join(dir, 'dist/server/index.js')], {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: databaseUrl,
      DATA_DIR: fs.mkdtempSync(path.join(work, 'data-')),
      SEED_DEMO: 'false',
      SESSION_SECRET: 'bench-session-secret-0123456789abcdef0123456789',
      TOKEN_ENCRYPTION_KEY: 'b'.repeat(64),
      RATE_LIMIT_AUTH: '1000000',
      RATE_LIMIT_PUBLIC: '100000000',
      FREE_PLAN_REQUESTS: '100000000',
    },
    stdio: ['ignore', out, out, 'ipc'],
  });
  const port = await listeningPort(child, () => fs.readFileSync(logFile, 'utf8'));
  child.disconnect();
  return { child, base: `http://127.0.0.1:${port}` };
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
  if (!res.ok || !cookie) throw new Error(`sign-in of ${email} failed: ${res.status}`);
  return cookie;
}

/** Waits until no statement of the database runs, twice in a row (bench/run.ts, settle). */
async function settle(client: pg.Client): Promise<void> {
  for (let quiet = 0; quiet < 2;) {
    const { rows } = await client.query<{ active: number }>(
      `select count(*)::int as active from pg_stat_activity
        where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
    );
    quiet = rows[0]!.active === 0 ? quiet + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function main(): Promise<void> {
  if (revisions.length < 2) throw new Error('usage: tsx bench/ab.ts <rev A> <rev B> [...]');
  if (!serverUrl) throw new Error('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a Postgres server.');
  if (!fs.existsSync(path.join(root, 'dist/public/index.html'))) throw new Error('Run npm run build first.');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rf-ab-'));
  const builds = revisions.map((revision) => ({ revision, dir: buildRevision(revision, work) }));
  say(`built ${builds.map((b) => `${b.revision} (${path.basename(b.dir)})`).join(', ')}`);
  say(`seeding ${databaseName}: ${JSON.stringify(seed)}`);
  const databaseUrl = await prepareDatabase();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const owners = (
    await client.query<{ id: number; email: string }>(
      `select id, email from users where email like 'bench-client-%' order by id limit $1`,
      [SIGNED_IN],
    )
  ).rows;
  const link = (
    await client.query<{ unique_link: string }>(
      `select unique_link from review_requests where status = 'sent' order by id limit 1`,
    )
  ).rows[0]!.unique_link;
  const reviewHtml = fs.readFileSync(path.join(root, 'dist/public/review.html'), 'utf8');
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(reviewHtml)?.[1];
  if (!script) throw new Error('no script in dist/public/review.html');

  const servers: { revision: string; dir: string; child: ChildProcess; base: string }[] = [];
  for (const build of builds)
    servers.push({ ...build, ...(await startServer(build.dir, databaseUrl, work)) });
  // One database and one session secret: a session signed in on one build is signed in on all.
  const cookies: string[] = [];
  for (const owner of owners) cookies.push(await signIn(servers[0]!.base, owner.email));
  let turn = 0;
  const signedIn = (path: string) => (): BenchRequest => ({
    path,
    headers: { ...BROWSER, cookie: cookies[turn++ % cookies.length]! },
  });
  const reads: { name: string; request: () => BenchRequest }[] = [
    { name: 'reviews, page 1 of all', request: signedIn('/api/reviews?filter=all&page=1&pageSize=10') },
    { name: 'dashboard stats', request: signedIn('/api/dashboard/stats') },
    { name: 'GET /api/user', request: signedIn('/api/user') },
    { name: `the review page's script (${script})`, request: () => ({ path: script, headers: BROWSER }) },
    { name: 'the public review page (HTML)', request: () => ({ path: `/review/${link}`, headers: BROWSER }) },
    {
      name: 'the public review page (its API)',
      request: () => ({ path: `/api/public/review/${link}`, headers: BROWSER }),
    },
  ];

  // AB_READS: a comma-separated list of words; only the reads whose name holds one of them run.
  const chosen = process.env.AB_READS?.split(',').map((word) => word.trim().toLowerCase());
  if (chosen)
    reads.splice(
      0,
      reads.length,
      ...reads.filter((r) => chosen.some((w) => r.name.toLowerCase().includes(w))),
    );
  const results = new Map(
    reads.map((read) => [read.name, new Map(builds.map((b) => [b.revision, [] as LoadResult[]]))]),
  );
  for (const server of servers) {
    for (const read of reads) await load(server.base, read.request, { connections: 10, seconds: 1 });
  }
  await settle(client);
  for (let round = 0; round < rounds; round++) {
    const order = servers.map((_, i) => servers[(i + round) % servers.length]!);
    for (const read of reads) {
      for (const server of order) {
        const result = await load(server.base, read.request, options);
        await settle(client);
        results.get(read.name)!.get(server.revision)!.push(result);
        say(
          `round ${round + 1}, ${read.name}, ${server.revision}: ${result.requestsPerSecond}/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${result.errors}`,
        );
      }
    }
  }
  for (const server of servers) await stop(server.child);
  await client.end();
  await dropDatabase();

  const loadAverage = os.loadavg().map((n) => n.toFixed(2));
  const tables = reads.map((read) => abTable(read.name, results.get(read.name)!));
  // The tables are the tool's output, on standard output; the progress lines go to standard error.
  process.stdout.write(
    [
      `A/B of ${builds.map((b) => `${b.revision} (${path.basename(b.dir)})`).join(', ')}: ${rounds} rounds of ${options.seconds} s at ${options.connections} connections on ${seed.reviews.toLocaleString('en')} reviews; load average after ${loadAverage.join(' ')}`,
      '',
      ...tables.flatMap((table) => [table, '']),
    ].join('\n'),
  );
  fs.writeFileSync(
    path.join(work, 'ab.json'),
    JSON.stringify(Object.fromEntries([...results].map(([k, v]) => [k, Object.fromEntries(v)]))),
  );
  say(`runs: ${path.join(work, 'ab.json')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
