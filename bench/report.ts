import fs from 'node:fs';
import path from 'node:path';
import type { LoadResult } from './load';
import type { RouteSize } from './bundle-sizes';
import type { LighthouseScore } from './lighthouse';
import type { SeedSize } from './seed';

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
}

export interface BenchReport {
  date: string;
  size: 'small' | 'full';
  database: 'postgres' | 'pglite';
  seed: SeedSize;
  seedSeconds: number;
  connections: number;
  secondsPerRun: number;
  /** How many times each read ran on each side. */
  rounds: number;
  signedInClients: number;
  machine: { cpus: number; loadAverage: number[]; node: string };
  note: string;
  reads: ReadFigures[];
  writes: { write: string; result: LoadResult; available: number }[];
  memory: { appPeakRssMb: number | null; baselinePeakRssMb: number | null };
  bundles: RouteSize[];
  lighthouse: LighthouseScore[];
  explains: { read: string; statements: { text: string; plan: string }[] }[];
}

export interface Target {
  target: string;
  measured: string;
  met: boolean | null;
}

const KB = 1024;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** The targets of PRODUCT.md section 9 and issue 13, each against the figures; null: not measured. */
export function evaluateTargets(report: BenchReport): Target[] {
  const targets: Target[] = [];
  const p99Reads = report.reads.filter(
    (r) => /^reviews (?!search|deep)/.test(r.read) || r.read === 'dashboard stats',
  );
  for (const r of p99Reads) {
    // A run in which no request finished within its duration measured nothing: never a met target.
    targets.push({
      target: `${r.read} (${r.mix}) p99 < 25 ms`,
      // The bare baseline's p99 beside it: what this machine allows at this concurrency with no app at all.
      measured: r.app.requests
        ? `${r.app.p99} ms (bare baseline: ${r.baseline.p99} ms)`
        : 'no request finished within the run',
      met: r.app.requests ? r.app.p99 < 25 : false,
    });
  }
  for (const r of report.reads) {
    const ratio = r.baseline.requestsPerSecond ? r.app.requestsPerSecond / r.baseline.requestsPerSecond : 0;
    targets.push({
      target: `${r.read} (${r.mix}) ≥ 50% of the baseline's req/s`,
      measured: `${Math.round(ratio * 100)}%`,
      met: ratio >= 0.5,
    });
  }
  const errors = [...report.reads.map((r) => r.app.errors), ...report.writes.map((w) => w.result.errors)];
  targets.push({
    target: 'no failed request',
    measured: String(errors.reduce((a, b) => a + b, 0)),
    met: errors.every((e) => e === 0),
  });
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
  for (const score of report.lighthouse) {
    targets.push({
      target: `Lighthouse mobile performance ≥ 90: ${new URL(score.url, 'http://x').pathname}`,
      measured: 'score' in score ? String(score.score) : `not measured (${score.notMeasured})`,
      met: 'score' in score ? score.score >= 90 : null,
    });
  }
  return targets;
}

const mark = (met: boolean | null) => (met === null ? 'not measured' : met ? 'met' : 'NOT met');

function markdown(report: BenchReport, targets: Target[]): string {
  const lines: string[] = [];
  const title = report.database === 'pglite' ? 'embedded database (PGlite)' : 'Postgres server';
  // The embedded run's own size is a tenth of the server's (bench/seed.ts, PGLITE_SEED).
  const size = report.database === 'pglite' && report.size === 'full' ? 'reduced' : report.size;
  lines.push(`# Bench ${report.date.slice(0, 10)}: ${title}, ${size} seed`, '');
  lines.push(
    `Seed: ${report.seed.clients} clients, ${report.seed.reviews} reviews (client 1: ${report.seed.bigClientReviews}), ` +
      `${report.seed.contacts} contacts, ${report.seed.requests} requests (seeded in ${report.seedSeconds} s). ` +
      `${report.connections} connections, ${report.secondsPerRun} s per run, ${report.signedInClients} clients signed in.`,
    '',
    `Machine: ${report.machine.cpus} cores, load average ${report.machine.loadAverage.join(' / ')} at the end, Node ${report.machine.node}.` +
      (report.note ? ` ${report.note}` : ''),
    '',
  );
  lines.push('## Targets', '', '| Target | Measured | |', '|---|---|---|');
  for (const t of targets) lines.push(`| ${t.target} | ${t.measured} | ${mark(t.met)} |`);
  const bare = report.database === 'pglite' ? 'PGlite' : 'pg';
  lines.push('', `## Reads (app vs bare node:http + ${bare} running the same SQL)`, '');
  if (report.rounds > 1)
    lines.push(
      `Each read ran ${report.rounds} times on the app and ${report.rounds} on the baseline` +
        (report.database === 'postgres' ? ', in turn' : '') +
        `. The figures are each side's fastest run; errors are every run's; the last columns give each run's req/s.`,
      '',
    );
  lines.push(
    '| Read | Clients | p50 ms | p99 ms | req/s | errors | baseline p50 | baseline p99 | baseline req/s | ratio | app runs | baseline runs |',
  );
  lines.push('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of report.reads) {
    const ratio = r.baseline.requestsPerSecond
      ? Math.round((r.app.requestsPerSecond / r.baseline.requestsPerSecond) * 100)
      : 0;
    lines.push(
      `| ${r.read} | ${r.mix} | ${r.app.p50} | ${r.app.p99} | ${r.app.requestsPerSecond} | ${r.app.errors} | ${r.baseline.p50} | ${r.baseline.p99} | ${r.baseline.requestsPerSecond} | ${ratio}% | ${r.runs.app.join(', ')} | ${r.runs.baseline.join(', ')} |`,
    );
  }
  lines.push(
    '',
    '## Writes',
    '',
    '| Write | p50 ms | p99 ms | req/s | requests | errors |',
    '|---|---|---|---|---|---|',
  );
  for (const w of report.writes) {
    lines.push(
      `| ${w.write} | ${w.result.p50} | ${w.result.p99} | ${w.result.requestsPerSecond} | ${w.result.requests} | ${w.result.errors} |`,
    );
  }
  lines.push(
    '',
    `Peak RSS: app ${report.memory.appPeakRssMb ?? '?'} MB, baseline ${report.memory.baselinePeakRssMb ?? '?'} MB.`,
    '',
  );
  lines.push('## Bundles (gzipped, first visit)', '', '| Route | JS | CSS | files |', '|---|---|---|---|');
  for (const b of report.bundles)
    lines.push(`| ${b.route} | ${kb(b.jsGzip)} | ${kb(b.cssGzip)} | ${b.files.length} |`);
  lines.push('', '## Lighthouse (mobile, performance)', '');
  for (const s of report.lighthouse) {
    lines.push(
      `- ${new URL(s.url, 'http://x').pathname}: ${'score' in s ? s.score : `not measured: ${s.notMeasured}`}`,
    );
  }
  lines.push('', '## Plans (EXPLAIN (ANALYZE, BUFFERS), biggest client)', '');
  for (const e of report.explains) {
    lines.push(`<details><summary>${e.read}</summary>`, '');
    for (const s of e.statements) lines.push('```sql', s.text, '```', '```', s.plan, '```', '');
    lines.push('</details>', '');
  }
  return lines.join('\n');
}

/** Writes `<date>-<database>-<size>.md` and `.json`; answers their paths. */
export function writeReport(dir: string, report: BenchReport): { markdown: string; json: string } {
  const targets = evaluateTargets(report);
  const stem = path.join(
    dir,
    `${report.date.slice(0, 16).replace(/:/g, '')}-${report.database}-${report.size}`,
  );
  fs.writeFileSync(`${stem}.json`, JSON.stringify({ ...report, targets }, null, 2));
  fs.writeFileSync(`${stem}.md`, markdown(report, targets));
  return { markdown: `${stem}.md`, json: `${stem}.json` };
}
