import fs from 'node:fs';
import path from 'node:path';
import type { LoadResult } from './load';
import type { RouteSize } from './bundle-sizes';
import type { LighthouseScore } from './lighthouse';
import type { SeedSize } from './seed';
import type { RuntimeStats } from '../server/lib/runtime-stats';
import type { DeliveryFigures } from './deliveries';
import { BULK_MAX_CONTACTS } from '@shared/review-requests';
import { halfTimeRssMb, SOAK_GROWTH_ALLOWED, soakGrew, type SoakFigures } from './soak';

export interface ReadFigures {
  read: string;
  path: string;
  /** `big`: the 200,000-review client alone; `mixed`: every signed-in client in turn. */
  mix: string;
  /** The fastest of the runs on each side, with the errors of them all (bench/load.ts, fastestOf). */
  app: LoadResult;
  baseline: LoadResult;
  /** Requests a second of every run, in the order they ran (app and baseline in turn on a server). */
  runs: { app: number[]; baseline: number[] };
  /**
   * The latency of a read with a p99 target at a steady rate, half the app's fastest (bench/load.ts, steadyLoad):
   * each side's round of median p99, with the errors of them all (bench/load.ts, medianOf).
   */
  steady?: {
    rate: number;
    app: LoadResult;
    baseline: LoadResult;
    /** The app process's event-loop delay and garbage collections during its median round. */
    runtime?: RuntimeStats;
    /** Every round's p99, in the order they ran (app and baseline in turn); absent before `steadyRounds`. */
    p99s?: { app: number[]; baseline: number[] };
  };
}

/**
 * The reads PRODUCT.md section 9 names, each with a throughput and a latency target: the reviews page of every
 * filter, the search, the dashboard stats and charts, GET /api/user. The deep pages are measured, not targets.
 */
export const hasLatencyTarget = (read: string) => !/^reviews deep page/.test(read);

/** Section 9: the biggest client's search answers within this at a steady half rate (it uses an index). */
const SEARCH_STEADY_P99_MS = 50;
/** Section 9: at a steady half rate the app's p99 is within this many times the bare baseline's. */
const STEADY_P99_OF_BASELINE = 2;

/** One database's run: its seed, the reads against the baseline, the writes, the plans. */
export interface DatabaseFigures {
  database: 'postgres' | 'pglite';
  seed: SeedSize;
  seedSeconds: number;
  connections: number;
  secondsPerRun: number;
  /** How many times each read ran on each side. */
  rounds: number;
  /** How many times each read ran at its steady rate on each side (one before this was counted). */
  steadyRounds?: number;
  signedInClients: number;
  reads: ReadFigures[];
  writes: { write: string; result: LoadResult; available: number }[];
  /** Bulk sends and the queue's drain (bench/deliveries.ts): a Postgres server only. */
  deliveries?: DeliveryFigures;
  memory: {
    /** The processes' peak RSS over the whole run (VmHWM). */
    appPeakRssMb: number | null;
    baselinePeakRssMb: number | null;
    /** The app's peak RSS while reads ran flat out, `connections` at once. */
    underLoadPeakRssMb?: number | null;
    soak?: SoakFigures;
  };
  explains: { read: string; statements: { text: string; plan: string }[] }[];
}

/** One `npm run bench`: each database's figures, and what does not depend on the database. */
export interface BenchReport {
  date: string;
  size: 'small' | 'full' | '10m';
  machine: { cpus: number; loadAverage: number[]; node: string };
  note: string;
  databases: DatabaseFigures[];
  bundles: RouteSize[];
  lighthouse: LighthouseScore[];
  /** A 10M run's 1M reference (BENCH_COMPARE_TO): the server's reads of that report, and its file. */
  reference?: { file: string; reads: ReadFigures[] };
}

export interface Target {
  target: string;
  measured: string;
  met: boolean | null;
}

const KB = 1024;
/** A measured page's path, as written: `/review/{link}` when no link was measured. */
const pathOf = (url: string) => decodeURI(new URL(url, 'http://x').pathname);
/** A measured page as its route: a customer's personal link is not printed in a report. */
const routeOf = (url: string) => pathOf(url).replace(/^\/review\/[^/]+$/, '/review/{link}');
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** Requests that failed in every run of every database, reads and writes alike. */
export function failedRequests(databases: DatabaseFigures[]): number {
  return databases
    .flatMap((d) => [
      ...d.reads.map(
        (r) =>
          r.app.errors + r.baseline.errors + (r.steady ? r.steady.app.errors + r.steady.baseline.errors : 0),
      ),
      ...d.writes.map((w) => w.result.errors),
    ])
    .reduce((a, b) => a + b, 0);
}

/**
 * The targets of PRODUCT.md section 9, each against the figures; null: not measured. The reads' targets are the
 * Postgres server's; the embedded database's figures stand beside them, without targets. Flat out, 50 waiting
 * connections make p99 a measure of throughput, so latency is judged at the steady half rate only.
 */
export function evaluateTargets(report: BenchReport): Target[] {
  const targets: Target[] = [];
  const server = report.databases.find((d) => d.database === 'postgres');
  const serverReads = (server?.reads ?? []).filter((read) => hasLatencyTarget(read.read));
  for (const r of serverReads) {
    const ratio = r.baseline.requestsPerSecond ? r.app.requestsPerSecond / r.baseline.requestsPerSecond : 0;
    targets.push({
      target: `${r.read} (${r.mix}) ≥ the baseline's req/s`,
      measured: `${Math.round(ratio * 100)}%`,
      met: ratio >= 1,
    });
  }
  for (const r of serverReads) {
    const target = `${r.read} (${r.mix}) p99 at a steady half rate ≤ ${STEADY_P99_OF_BASELINE}× the baseline's`;
    if (!r.steady) {
      targets.push({ target, measured: 'not measured', met: null });
      continue;
    }
    const { rate, app, baseline } = r.steady;
    // A run in which no request was answered measured nothing: never a met target.
    targets.push({
      target,
      measured: app.requests
        ? `${app.p99} ms at ${rate} req/s (bare baseline: ${baseline.p99} ms); flat out ${r.app.p99} ms`
        : 'no request answered',
      met: app.requests ? app.p99 <= STEADY_P99_OF_BASELINE * baseline.p99 : false,
    });
  }
  for (const read of ['reviews search', 'reviews search by name']) {
    const search = serverReads.find((r) => r.read === read && r.mix === 'big');
    targets.push({
      target: `${read} (big) p99 < ${SEARCH_STEADY_P99_MS} ms at a steady half rate`,
      measured: search?.steady
        ? `${search.steady.app.p99} ms at ${search.steady.rate} req/s`
        : 'not measured',
      met: search?.steady
        ? search.steady.app.requests > 0 && search.steady.app.p99 < SEARCH_STEADY_P99_MS
        : null,
    });
  }
  targets.push(...tenfoldTargets(report, server));
  const failed = failedRequests(report.databases);
  targets.push({ target: 'no failed request', measured: String(failed), met: failed === 0 });
  const bundle = (route: string) => report.bundles.find((b) => b.route === route);
  const publicPage = bundle('/review/{link}');
  targets.push({
    target: 'public review page < 60 KB gzipped JS',
    measured: publicPage ? kb(publicPage.jsGzip) : 'not measured',
    met: publicPage ? publicPage.jsGzip < 60 * KB : null,
  });
  const app = ['/', '/auth', '/dashboard'].map(bundle).filter((b) => b !== undefined);
  const largest = app.length ? Math.max(...app.map((b) => b.jsGzip)) : undefined;
  targets.push({
    target: "app's first load < 150 KB gzipped JS (largest of /, /auth, /dashboard)",
    measured: largest === undefined ? 'not measured' : kb(largest),
    met: largest === undefined ? null : largest < 150 * KB,
  });
  targets.push({
    target: 'text answers compressed',
    measured: 'not measured by the bench (server/__tests__/compression.test.ts checks it)',
    met: null,
  });
  for (const score of report.lighthouse) {
    targets.push({
      target: `Lighthouse mobile performance ≥ 90: ${routeOf(score.url)}`,
      measured: 'score' in score ? String(score.score) : `not measured (${score.notMeasured})`,
      met: 'score' in score ? score.score >= 90 : null,
    });
  }
  for (const d of report.databases) {
    const soak = d.memory.soak;
    const peak = d.memory.underLoadPeakRssMb ?? d.memory.appPeakRssMb;
    targets.push({
      target: `peak memory under load reported; no growth over the last half of a 10-minute soak: ${NAMES[d.database]}`,
      measured:
        `peak RSS under load ${peak ?? '?'} MB; ` +
        (soak
          ? `${soak.seconds >= 60 ? `${Math.round(soak.seconds / 60)}-minute` : `${soak.seconds}-second`} soak: ${soak.rssSamplesMb[0]} → ${halfTimeRssMb(soak)} → ${soak.rssSamplesMb.at(-1)} MB (last half ${soak.lastHalfGrowthMb >= 0 ? '+' : ''}${soak.lastHalfGrowthMb} MB)`
          : 'no soak in this run'),
      met: soak && soak.seconds >= 600 ? !soakGrew(soak) : null,
    });
  }
  return targets;
}

/** Section 9 / issue 46: the reads the 10M seed holds to 1.5× their 1M p50, at a steady half rate. */
const TENFOLD_P50_OF_1M = 1.5;
const heldAtTenfold = (read: string) => hasLatencyTarget(read) && read !== 'user';

/** A 10M run's reads against the 1M report it names; one line saying what is missing otherwise. */
function tenfoldTargets(report: BenchReport, server: DatabaseFigures | undefined): Target[] {
  const title = `10,000,000 reviews across 10,000 clients: each read's p50 within ${TENFOLD_P50_OF_1M}× its 1,000,000-review p50`;
  if (!server || report.size !== '10m' || !report.reference)
    return [
      {
        target: title,
        measured: !server
          ? 'not measured'
          : report.size !== '10m'
            ? `not measured: the bench seeds ${server.seed.reviews.toLocaleString('en')} reviews`
            : 'not measured: no 1M report to compare with (BENCH_COMPARE_TO)',
        met: null,
      },
    ];
  return server.reads
    .filter((r) => heldAtTenfold(r.read))
    .map((r) => {
      const target = `${r.read} (${r.mix}) p50 at 10M ≤ ${TENFOLD_P50_OF_1M}× at 1M, steady half rate`;
      const before = report.reference!.reads.find((b) => b.read === r.read && b.mix === r.mix);
      if (!r.steady?.app.requests || !before?.steady?.app.requests)
        return {
          target,
          measured: `not measured (at 1M: ${before ? 'measured' : 'no such read'})`,
          met: null,
        };
      const ratio = r.steady.app.p50 / before.steady.app.p50;
      return {
        target,
        measured: `${r.steady.app.p50} ms at ${r.steady.rate} req/s vs ${before.steady.app.p50} ms at ${before.steady.rate} req/s (${ratio.toFixed(2)}×)`,
        met: ratio <= TENFOLD_P50_OF_1M,
      };
    });
}

const mark = (met: boolean | null) => (met === null ? 'not measured' : met ? 'met' : 'NOT met');

const TITLES: Record<DatabaseFigures['database'], string> = {
  postgres: 'Postgres server',
  pglite: 'Embedded database (PGlite)',
};
/** The same, as a phrase in the report's title. */
const NAMES: Record<DatabaseFigures['database'], string> = {
  postgres: 'the Postgres server',
  pglite: 'the embedded database (PGlite)',
};

/** How the reads' targets relate to the databases measured: they are the server's alone. */
function targetsNote(measured: DatabaseFigures['database'][]): string | undefined {
  if (!measured.includes('pglite')) return undefined;
  return measured.includes('postgres')
    ? "The reads' targets are the Postgres server's; the embedded database's figures follow the server's."
    : "The reads' targets are the Postgres server's, which this run did not measure: the embedded database's " +
        'figures below have none.';
}

/** One database's part of the report: its seed, reads, writes, memory and plans. */
function databaseSection(d: DatabaseFigures): string[] {
  const lines = [`## ${TITLES[d.database]}`, ''];
  lines.push(
    `Seed: ${d.seed.clients} clients, ${d.seed.reviews} reviews (client 1: ${d.seed.bigClientReviews}), ` +
      `${d.seed.contacts} contacts, ${d.seed.requests} requests (seeded in ${d.seedSeconds} s). ` +
      `${d.connections} connections, ${d.secondsPerRun} s per run, ${d.signedInClients} clients signed in.`,
    '',
  );
  if (d.database === 'pglite')
    lines.push(
      "PGlite runs in the app's process and answers one query at a time; its baseline opens the same directory " +
        'once the app has stopped. Compare each read with its baseline here, and with the server above, to know ' +
        'when a business should move to a Postgres server (README, "When to move").',
      '',
    );
  const bare = d.database === 'pglite' ? 'PGlite' : 'pg';
  lines.push(
    `### Reads (app vs bare node:http + ${bare} running the same SQL)`,
    '',
    "The baseline runs every statement the app ran for the read, in the app's order: the session's, then the " +
      "read's own at once.",
    '',
  );
  if (d.rounds > 1)
    lines.push(
      `Each read ran ${d.rounds} times on the app and ${d.rounds} on the baseline` +
        (d.database === 'postgres' ? ', in turn' : '') +
        `. The figures are each side's fastest run; errors are every run's; the last columns give each run's req/s.`,
      '',
    );
  lines.push(
    '| Read | Clients | p50 ms | p99 ms | req/s | errors | baseline p50 | baseline p99 | baseline req/s | ratio | app runs | baseline runs |',
  );
  lines.push('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of d.reads) {
    const ratio = r.baseline.requestsPerSecond
      ? Math.round((r.app.requestsPerSecond / r.baseline.requestsPerSecond) * 100)
      : 0;
    lines.push(
      `| ${r.read} | ${r.mix} | ${r.app.p50} | ${r.app.p99} | ${r.app.requestsPerSecond} | ${r.app.errors} | ${r.baseline.p50} | ${r.baseline.p99} | ${r.baseline.requestsPerSecond} | ${ratio}% | ${r.runs.app.join(', ')} | ${r.runs.baseline.join(', ')} |`,
    );
  }
  const steady = d.reads.filter((r) => r.steady);
  if (steady.length) {
    lines.push(
      '',
      '### Latency at a steady rate',
      '',
      `Flat out, ${d.connections} connections that each wait for an answer before the next request take on ` +
        'average connections ÷ (answers a second) to be answered, however fast the server. Here each read with ' +
        "a p99 target is asked for at a steady half of the app's fastest rate above, on up to " +
        `${d.connections} connections, app and baseline alike; each latency runs from the moment its request ` +
        'was due. Inside the app meanwhile: how late its event loop ran a timer due (perf_hooks ' +
        'monitorEventLoopDelay, p99 and longest) and its garbage collections (how many, their summed and ' +
        'longest pause).' +
        ((d.steadyRounds ?? 1) > 1
          ? ` Each read ran ${d.steadyRounds} times at its steady rate on each side, app and baseline in turn; ` +
            "the figures are each side's round of median p99 (the inside figures the app's same round), errors " +
            "every round's, and the last column every round's p99 in the order they ran."
          : ''),
      '',
      "| Read | Clients | req/s asked | p50 ms | p99 ms | errors | baseline p50 | baseline p99 | baseline errors | loop delay p99 / max ms | GCs (minor) | GC pause total / max ms | rounds' p99 ms (app; baseline) |",
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    );
    for (const r of steady) {
      const { rate, app, baseline, runtime, p99s } = r.steady!;
      const inside = runtime
        ? `${runtime.loopDelayP99} / ${runtime.loopDelayMax} | ${runtime.gcCount} (${runtime.minorGcCount}) | ${runtime.gcTotalMs} / ${runtime.gcMaxMs}`
        : '- | - | -';
      const rounds = p99s ? `${p99s.app.join(', ')}; ${p99s.baseline.join(', ')}` : '-';
      lines.push(
        `| ${r.read} | ${r.mix} | ${rate} | ${app.p50} | ${app.p99} | ${app.errors} | ${baseline.p50} | ${baseline.p99} | ${baseline.errors} | ${inside} | ${rounds} |`,
      );
    }
  }
  lines.push(
    '',
    '### Writes',
    '',
    '| Write | p50 ms | p99 ms | req/s | requests | errors |',
    '|---|---|---|---|---|---|',
  );
  for (const w of d.writes) {
    lines.push(
      `| ${w.write} | ${w.result.p50} | ${w.result.p99} | ${w.result.requestsPerSecond} | ${w.result.requests} | ${w.result.errors} |`,
    );
  }
  if (d.deliveries) {
    lines.push(
      '',
      '### Sending',
      '',
      `A bulk send by tag (POST /api/review-requests/bulk, at most ${BULK_MAX_CONTACTS.toLocaleString('en')} contacts a send) answers once its requests are queued; the queue then ` +
        'sends them through a local SMTP server and the Twilio fake, one worker per app process. A drain runs ' +
        'from the first message sent to the last (their sent_at).',
      '',
      '| Bulk send | contacts | sends | queued | seconds to queue |',
      '|---|---|---|---|---|',
      ...d.deliveries.bulk.map(
        (b) => `| ${b.method} | ${b.contacts} | ${b.sends} | ${b.created} | ${b.seconds} |`,
      ),
      '',
      '| Drain | processes | queued | sent | seconds | messages a second |',
      '|---|---|---|---|---|---|',
      ...d.deliveries.drains.map(
        (r) => `| email + SMS | ${r.processes} | ${r.queued} | ${r.sent} | ${r.seconds} | ${r.perSecond} |`,
      ),
    );
  }
  lines.push(
    '',
    '### Memory',
    '',
    `Peak RSS over the whole run: app ${d.memory.appPeakRssMb ?? '?'} MB, baseline ${d.memory.baselinePeakRssMb ?? '?'} MB; ` +
      `the app's while the reads ran flat out: ${d.memory.underLoadPeakRssMb ?? '?'} MB.`,
    '',
  );
  const soak = d.memory.soak;
  if (soak) {
    lines.push(
      `Soak: every read above in turn, for every signed-in client in turn, ${soak.rate} a second for ${soak.seconds} s ` +
        `(${soak.load.requests} answered, p50 ${soak.load.p50} ms, p99 ${soak.load.p99} ms, ${soak.load.errors} errors). ` +
        `The app's RSS at even intervals: ${soak.rssSamplesMb.join(', ')} MB; peak ${soak.peakRssMb} MB. ` +
        `Over the last half it ${soakGrew(soak) ? 'grew' : 'did not grow'} (${soak.lastHalfGrowthMb >= 0 ? '+' : ''}${soak.lastHalfGrowthMb} MB; ` +
        `up to ${SOAK_GROWTH_ALLOWED * 100}% counts as allocator noise).`,
      '',
    );
  }
  lines.push('### Plans (EXPLAIN (ANALYZE, BUFFERS), biggest client)', '');
  for (const e of d.explains) {
    lines.push(`<details><summary>${e.read}</summary>`, '');
    for (const s of e.statements) lines.push('```sql', s.text, '```', '```', s.plan, '```', '');
    lines.push('</details>', '');
  }
  return lines;
}

function markdown(report: BenchReport, targets: Target[]): string {
  const lines: string[] = [];
  const names = report.databases.map((d) => NAMES[d.database]);
  lines.push(`# Bench ${report.date.slice(0, 10)}: ${names.join(', then ')}, ${report.size} seed`, '');
  lines.push(
    `Machine: ${report.machine.cpus} cores, load average ${report.machine.loadAverage.join(' / ')} at the end, Node ${report.machine.node}.` +
      (report.note ? ` ${report.note}` : '') +
      (report.reference ? ` Compared with ${report.reference.file}.` : ''),
    '',
  );
  lines.push('## Targets', '');
  const note = targetsNote(report.databases.map((d) => d.database));
  if (note) lines.push(note, '');
  lines.push('| Target | Measured | |', '|---|---|---|');
  for (const t of targets) lines.push(`| ${t.target} | ${t.measured} | ${mark(t.met)} |`);
  lines.push('');
  for (const d of report.databases) lines.push(...databaseSection(d));
  lines.push('## Bundles (gzipped, first visit)', '', '| Route | JS | CSS | files |', '|---|---|---|---|');
  for (const b of report.bundles)
    lines.push(`| ${b.route} | ${kb(b.jsGzip)} | ${kb(b.cssGzip)} | ${b.files.length} |`);
  lines.push('', '## Lighthouse (mobile, performance)', '');
  for (const s of report.lighthouse) {
    lines.push(`- ${routeOf(s.url)}: ${'score' in s ? s.score : `not measured: ${s.notMeasured}`}`);
  }
  lines.push('');
  return lines.join('\n');
}

/** Writes `<date>-<databases>-<size>.md` and `.json` (postgres+pglite for both); answers their paths. */
export function writeReport(dir: string, report: BenchReport): { markdown: string; json: string } {
  const targets = evaluateTargets(report);
  const databases = report.databases.map((d) => d.database).join('+');
  const stem = path.join(dir, `${report.date.slice(0, 16).replace(/:/g, '')}-${databases}-${report.size}`);
  fs.writeFileSync(`${stem}.json`, JSON.stringify({ ...report, targets }, null, 2));
  fs.writeFileSync(`${stem}.md`, markdown(report, targets));
  return { markdown: `${stem}.md`, json: `${stem}.json` };
}
