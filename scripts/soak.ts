/**
 * Soak test: the app in this process on a database, many clients with data, CONNECTIONS concurrent loops of
 * mixed reads and writes for DURATION seconds, over loopback only. Prints a summary and exits non-zero on any
 * 5xx or network error, or when the heap (after a forced GC) grew more than HEAP_GROWTH_LIMIT between the
 * first and the last third of the run.
 *
 *   npm run soak                                    # PGlite in memory, 60 s, 100 connections
 *   DURATION=300 CONNECTIONS=200 CLIENTS=50 npm run soak
 *   TEST_DATABASE_URL=postgres://... npm run soak   # a fresh database on that server, dropped afterwards
 *   DATABASE_URL=postgres://... npm run soak        # that database itself (it gets the soak's rows)
 */
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { createApp } from '../server/app';
import { openPostgres, type Database } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { createReview } from '../server/testing/factories';
import { createTestDatabase } from '../server/testing/test-db';
import { testEnv, TEST_SESSION_SECRET } from '../server/testing/test-app';
import { createHttpServer } from '../server/lib/http-server';
import { createLogger } from '../server/lib/logger';

export interface SoakOptions {
  db: Database;
  durationMs: number;
  connections: number;
  clients: number;
  /** How often the heap is measured (after a forced GC). */
  sampleMs: number;
  /** Allowed heap growth between the first and the last third, as a fraction (0.5 = 50 %). */
  heapGrowthLimit: number;
  log?: (line: string) => void;
}

export interface SoakSummary {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  statuses: Record<string, number>;
  byOperation: Record<string, { count: number; p50: number; p99: number }>;
  serverErrors: number;
  networkErrors: number;
  heapSamplesMb: number[];
  heapGrowth: number;
  ok: boolean;
  problems: string[];
}

type Gc = () => void;

/** global.gc when node runs with --expose-gc, otherwise the same function obtained through V8 flags. */
function forcedGc(): Gc {
  const existing = (globalThis as { gc?: Gc }).gc;
  if (existing) return existing;
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as Gc;
}

interface SoakClient {
  cookie: string;
  publicLink: string;
  reviewIds: number[];
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

export async function runSoak(options: SoakOptions): Promise<SoakSummary> {
  const { db, log = () => {} } = options;
  const env = testEnv({ RATE_LIMIT_AUTH: '1000000', RATE_LIMIT_PUBLIC: '1000000' });
  const app = createApp({ db, env, logger: createLogger('silent'), sessionSecret: TEST_SESSION_SECRET });
  const server = createHttpServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const gc = forcedGc();
  let sequence = 0;
  const unique = () => `${process.pid}-${Date.now().toString(36)}-${++sequence}`;

  async function call(method: string, url: string, cookie?: string, body?: unknown) {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { res, body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
  }

  try {
    // Setup through the API (clients, locations, contacts) and reviews straight in the database.
    log(`setting up ${options.clients} clients…`);
    const clients: SoakClient[] = [];
    for (let i = 0; i < options.clients; i++) {
      const tag = unique();
      const registered = await call('POST', '/api/register', undefined, {
        firstName: 'Soak',
        companyName: `Soak ${tag}`,
        email: `soak-${tag}@example.com`,
        password: 'correct-horse',
      });
      if (registered.res.status !== 201) throw new Error(`register: ${registered.res.status}`);
      const cookie = registered.res.headers
        .getSetCookie()
        .find((set) => set.startsWith('rf.sid='))!
        .split(';')[0]!;
      const ownerId = (registered.body as { id: number }).id;
      const location = await call('POST', '/api/locations', cookie, { name: `Soak place ${i}` });
      if (location.res.status !== 201) throw new Error(`location: ${location.res.status}`);
      const { id: locationId, publicLink } = location.body as { id: number; publicLink: string };
      const reviewIds: number[] = [];
      for (let r = 0; r < 30; r++) {
        const review = await createReview(db, ownerId, {
          locationId,
          rating: (r % 5) + 1,
          content: `Seeded review ${r}`,
        });
        reviewIds.push(review.id);
      }
      clients.push({ cookie, publicLink, reviewIds });
    }

    const statuses: Record<string, number> = {};
    const opLatencies: Record<string, number[]> = {};
    const latencies: number[] = [];
    let networkErrors = 0;
    const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;

    const operations: Array<{ name: string; weight: number; run: (c: SoakClient) => Promise<Response> }> = [
      {
        name: 'GET /api/reviews',
        weight: 30,
        run: async (c) =>
          (await call('GET', `/api/reviews?page=${1 + Math.floor(Math.random() * 4)}&pageSize=10`, c.cookie))
            .res,
      },
      {
        name: 'GET /api/dashboard/stats',
        weight: 20,
        run: async (c) => (await call('GET', '/api/dashboard/stats', c.cookie)).res,
      },
      {
        name: 'POST /api/reviews/:id/response',
        weight: 15,
        run: async (c) =>
          (
            await call('POST', `/api/reviews/${pick(c.reviewIds)}/response`, c.cookie, {
              responseContent: `Thank you! ${unique()}`,
            })
          ).res,
      },
      {
        name: 'POST /api/contacts',
        weight: 15,
        run: async (c) =>
          (
            await call('POST', '/api/contacts', c.cookie, {
              name: 'Soak Customer',
              email: `c-${unique()}@example.com`,
            })
          ).res,
      },
      {
        name: 'POST /api/public/review/:link',
        weight: 20,
        run: async (c) =>
          (
            await call('POST', `/api/public/review/${c.publicLink}`, undefined, {
              rating: 1 + Math.floor(Math.random() * 5),
              content: `Soak review ${unique()}`,
            })
          ).res,
      },
    ];
    const totalWeight = operations.reduce((sum, op) => sum + op.weight, 0);
    const chooseOperation = () => {
      let roll = Math.random() * totalWeight;
      for (const op of operations) if ((roll -= op.weight) < 0) return op;
      return operations[0]!;
    };

    // The heap, after a forced GC, every sampleMs while the loops run.
    const heapSamples: number[] = [];
    const sample = () => {
      gc();
      heapSamples.push(process.memoryUsage().heapUsed);
    };
    log(`running ${options.connections} connections for ${options.durationMs / 1000} s…`);
    const started = performance.now();
    const endAt = started + options.durationMs;
    sample();
    const sampler = setInterval(sample, options.sampleMs);

    const loop = async () => {
      while (performance.now() < endAt) {
        const op = chooseOperation();
        const t0 = performance.now();
        try {
          const res = await op.run(pick(clients));
          const took = performance.now() - t0;
          latencies.push(took);
          (opLatencies[op.name] ??= []).push(took);
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status >= 500) log(`5xx: ${op.name} -> ${res.status}`);
        } catch (error) {
          networkErrors++;
          log(`network error: ${op.name}: ${String(error)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: options.connections }, loop));
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    sample();

    const sorted = [...latencies].sort((a, b) => a - b);
    const byOperation: SoakSummary['byOperation'] = {};
    for (const [name, values] of Object.entries(opLatencies)) {
      const opSorted = [...values].sort((a, b) => a - b);
      byOperation[name] = {
        count: values.length,
        p50: percentile(opSorted, 50),
        p99: percentile(opSorted, 99),
      };
    }
    const third = Math.max(1, Math.floor(heapSamples.length / 3));
    const firstThird = median(heapSamples.slice(0, third));
    const lastThird = median(heapSamples.slice(-third));
    const heapGrowth = firstThird > 0 ? lastThird / firstThird - 1 : 0;
    const serverErrors = Object.entries(statuses)
      .filter(([status]) => Number(status) >= 500)
      .reduce((sum, [, n]) => sum + n, 0);
    const problems: string[] = [];
    if (serverErrors > 0) problems.push(`${serverErrors} responses were 5xx`);
    if (networkErrors > 0) problems.push(`${networkErrors} requests failed on the network`);
    if (heapGrowth > options.heapGrowthLimit) {
      problems.push(
        `heap grew ${(heapGrowth * 100).toFixed(1)} % (limit ${(options.heapGrowthLimit * 100).toFixed(0)} %)`,
      );
    }
    return {
      requests: latencies.length + networkErrors,
      seconds,
      rps: latencies.length / seconds,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? 0,
      statuses,
      byOperation,
      serverErrors,
      networkErrors,
      heapSamplesMb: heapSamples.map((bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10),
      heapGrowth,
      ok: problems.length === 0,
      problems,
    };
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

export function formatSummary(summary: SoakSummary): string {
  return [
    `requests     ${summary.requests} in ${summary.seconds.toFixed(1)} s (${summary.rps.toFixed(1)} req/s)`,
    `latency      p50 ${summary.p50.toFixed(1)} ms, p99 ${summary.p99.toFixed(1)} ms, max ${summary.max.toFixed(1)} ms`,
    `statuses     ${JSON.stringify(summary.statuses)}`,
    ...Object.entries(summary.byOperation).map(
      ([name, op]) =>
        `  ${name.padEnd(32)} ${String(op.count).padStart(6)}  p50 ${op.p50.toFixed(1)} ms, p99 ${op.p99.toFixed(1)} ms`,
    ),
    `heap (MB)    ${summary.heapSamplesMb.join(' ')}`,
    `heap growth  ${(summary.heapGrowth * 100).toFixed(1)} % (median of the last third over the first)`,
    summary.ok ? 'result       OK' : `result       FAILED: ${summary.problems.join('; ')}`,
  ].join('\n');
}

async function main(): Promise<void> {
  const number = (name: string, fallback: number) => {
    const value = Number(process.env[name] ?? fallback);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
    return value;
  };
  const options = {
    durationMs: number('DURATION', 60) * 1000,
    connections: number('CONNECTIONS', 100),
    clients: number('CLIENTS', 20),
    sampleMs: number('SAMPLE_SECONDS', 5) * 1000,
    heapGrowthLimit: number('HEAP_GROWTH_LIMIT', 0.5),
  };
  let db: Database;
  let close: () => Promise<void>;
  if (process.env.DATABASE_URL) {
    const handle = openPostgres(process.env.DATABASE_URL, 20);
    await migrateDatabase(handle);
    ({ db } = handle);
    close = handle.close;
  } else {
    const test = await createTestDatabase(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    ({ db } = test.handle);
    close = test.drop;
  }
  try {
    const summary = await runSoak({ db, ...options, log: (line) => process.stdout.write(`${line}\n`) });
    process.stdout.write(`${formatSummary(summary)}\n`);
    process.exitCode = summary.ok ? 0 : 1;
  } finally {
    await close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
