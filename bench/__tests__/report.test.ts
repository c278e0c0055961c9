import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LoadResult } from '../load';
import { SMALL_SEED } from '../seed';
import {
  evaluateTargets,
  failedRequests,
  writeReport,
  type BenchReport,
  type DatabaseFigures,
} from '../report';

const result = (requestsPerSecond: number, errors = 0): LoadResult => ({
  p50: 10,
  p99: 20,
  requestsPerSecond,
  requests: requestsPerSecond,
  errors,
});

function databaseFigures(
  database: DatabaseFigures['database'],
  app: LoadResult,
  baseline: LoadResult,
  writeErrors = 0,
): DatabaseFigures {
  return {
    database,
    seed: SMALL_SEED,
    seedSeconds: 1,
    connections: 10,
    secondsPerRun: 1,
    rounds: 1,
    signedInClients: 5,
    reads: [
      {
        read: 'reviews all',
        path: '/api/reviews',
        mix: 'mixed',
        app,
        baseline,
        runs: { app: [app.requestsPerSecond], baseline: [baseline.requestsPerSecond] },
      },
    ],
    writes: [{ write: 'reply', result: result(50, writeErrors), available: 100 }],
    memory: { appPeakRssMb: 200, baselinePeakRssMb: 100 },
    explains: [],
  };
}

function report(databases: DatabaseFigures[]): BenchReport {
  return {
    date: '2026-11-28T15:00:00.000Z',
    size: 'full',
    machine: { cpus: 2, loadAverage: [1, 1, 1], node: 'v20' },
    note: '',
    databases,
    bundles: [],
    lighthouse: [],
  };
}

describe('the bench report', () => {
  it("judges the reads by the Postgres server's figures, not the embedded database's", () => {
    const targets = evaluateTargets(
      report([
        databaseFigures('postgres', result(600), result(1000)),
        databaseFigures('pglite', result(100), result(1000)),
      ]),
    );
    const ratios = targets.filter((t) => t.target.includes("the baseline's req/s"));
    // PRODUCT.md section 9: at least the bare baseline's throughput.
    expect(ratios).toEqual([
      { target: "reviews all (mixed) ≥ the baseline's req/s", measured: '60%', met: false },
    ]);
  });

  it('counts every failed request of every database, reads and writes, app and baseline', () => {
    const databases = [
      databaseFigures('postgres', result(600, 1), result(1000, 2)),
      databaseFigures('pglite', result(100), result(1000), 4),
    ];
    expect(failedRequests(databases)).toBe(7);
    expect(evaluateTargets(report(databases))).toContainEqual({
      target: 'no failed request',
      measured: '7',
      met: false,
    });
  });

  it("judges latency at the steady half rate against twice the baseline's p99, not flat out", () => {
    const server = databaseFigures('postgres', { ...result(600), p99: 90 }, { ...result(1000), p99: 50 });
    server.reads[0]!.steady = {
      rate: 300,
      app: { ...result(300, 1), p99: 39 },
      baseline: result(300, 2),
      runtime: {
        loopDelayP50: 10.1,
        loopDelayP99: 24.5,
        loopDelayMax: 31,
        gcCount: 40,
        gcTotalMs: 120.5,
        gcMaxMs: 9.2,
        minorGcCount: 38,
        heapUsedMb: 60,
        rssMb: 180,
        rssPeakMb: 190,
      },
      p99s: { app: [52, 39, 33], baseline: [18, 25, 20] },
    };
    server.steadyRounds = 3;
    const slower = databaseFigures('postgres', result(600), result(1000));
    slower.reads[0]!.steady = { rate: 300, app: { ...result(300), p99: 41 }, baseline: result(300) };
    const latency = (figures: DatabaseFigures) =>
      evaluateTargets(report([figures])).filter((t) => t.target.includes('steady half rate ≤'));

    // A flat-out p99 of 90 ms is no failure: 50 waiting connections make it a measure of throughput.
    expect(latency(server)).toEqual([
      {
        target: "reviews all (mixed) p99 at a steady half rate ≤ 2× the baseline's",
        measured: '39 ms at 300 req/s (bare baseline: 20 ms); flat out 90 ms',
        met: true,
      },
    ]);
    expect(latency(slower)).toEqual([expect.objectContaining({ met: false })]);
    expect(failedRequests([server])).toBe(3);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rf-bench-report-'));
    try {
      const markdown = fs.readFileSync(writeReport(dir, report([server])).markdown, 'utf8');
      expect(markdown).toContain('### Latency at a steady rate');
      expect(markdown).not.toContain('### Sending');
      // The app's event loop and garbage collector during the run, beside its latency, and every round's p99.
      expect(markdown).toContain(
        '| reviews all | mixed | 300 | 10 | 39 | 1 | 10 | 20 | 2 | 24.5 / 31 | 40 (38) | 120.5 / 9.2 | 52, 39, 33; 18, 25, 20 |',
      );
      expect(markdown).toContain(
        'Each read ran 3 times at its steady rate on each side, app and baseline in turn;',
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("names a measured review page by its route, never by a customer's link", () => {
    const measured = report([databaseFigures('postgres', result(600), result(1000))]);
    measured.lighthouse = [
      { url: 'http://127.0.0.1:5000/review/s3cretLinkOfACustomer', score: 100 },
      { url: 'http://127.0.0.1:5000/', score: 100 },
    ];

    const rows = evaluateTargets(measured).filter((t) => t.target.startsWith('Lighthouse'));

    expect(rows.map((row) => row.target)).toEqual([
      'Lighthouse mobile performance ≥ 90: /review/{link}',
      'Lighthouse mobile performance ≥ 90: /',
    ]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rf-bench-report-'));
    try {
      expect(fs.readFileSync(writeReport(dir, measured).markdown, 'utf8')).not.toContain(
        's3cretLinkOfACustomer',
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("holds the biggest client's search to 50 ms at a steady rate and leaves the deep pages without targets", () => {
    const server = databaseFigures('postgres', result(600), result(500));
    const search = { ...server.reads[0]!, read: 'reviews search', mix: 'big' };
    search.steady = { rate: 150, app: { ...result(150), p99: 48 }, baseline: result(150) };
    const deep = { ...server.reads[0]!, read: 'reviews deep page 10000', mix: 'big' };
    server.reads = [search, deep];
    const targets = evaluateTargets(report([server]));

    expect(targets).toContainEqual({
      target: 'reviews search (big) p99 < 50 ms at a steady half rate',
      measured: '48 ms at 150 req/s',
      met: true,
    });
    expect(targets.filter((t) => t.target.includes('deep page'))).toEqual([]);
    // What the bench cannot measure is said, never reported as met.
    expect(targets.filter((t) => t.met === null).map((t) => t.target)).toEqual([
      'reviews search by name (big) p99 < 50 ms at a steady half rate',
      "10,000,000 reviews across 10,000 clients: each read's p50 within 1.5× its 1,000,000-review p50",
      'public review page < 60 KB gzipped JS',
      "app's first load < 150 KB gzipped JS (largest of /, /auth, /dashboard)",
      'text answers compressed',
      'peak memory under load reported; no growth over the last half of a 10-minute soak: the Postgres server',
    ]);
  });

  it('judges memory by the last half of a 10-minute soak: growth beyond allocator noise is a miss', () => {
    const soaked = (rssSamplesMb: number[], seconds = 600) => {
      const server = databaseFigures('postgres', result(600), result(500));
      server.memory = {
        appPeakRssMb: 300,
        baselinePeakRssMb: 100,
        underLoadPeakRssMb: 280,
        soak: {
          seconds,
          rate: 200,
          load: result(200),
          rssSamplesMb,
          peakRssMb: Math.max(...rssSamplesMb),
          lastHalfGrowthMb: rssSamplesMb.at(-1)! - rssSamplesMb[(rssSamplesMb.length - 1) / 2]!,
        },
      };
      return evaluateTargets(report([server])).find((t) => t.target.startsWith('peak memory'))!;
    };

    // Warming up in the first half is not growth; a few MB of noise in the second half is not either.
    expect(soaked([200, 240, 250, 252, 255])).toEqual({
      target:
        'peak memory under load reported; no growth over the last half of a 10-minute soak: the Postgres server',
      measured: 'peak RSS under load 280 MB; 10-minute soak: 200 → 250 → 255 MB (last half +5 MB)',
      met: true,
    });
    // Still climbing in the second half: a leak.
    expect(soaked([200, 225, 250, 275, 300]).met).toBe(false);
    // The small bench's soak of a few seconds is not the target's.
    expect(soaked([200, 200, 200, 200, 200], 4).met).toBeNull();
  });

  it('holds each read at 10M to 1.5× its p50 at 1M, at the steady half rate, from the report it names', () => {
    const steadyAt = (p50: number) => ({ rate: 100, app: { ...result(100), p50 }, baseline: result(100) });
    const readOf = (read: string, p50: number) => ({
      read,
      path: '/api',
      mix: 'big',
      app: result(200),
      baseline: result(200),
      runs: { app: [200], baseline: [200] },
      steady: steadyAt(p50),
    });
    const tenMillion = databaseFigures('postgres', result(600), result(500));
    tenMillion.reads = [
      readOf('dashboard stats', 30),
      readOf('dashboard charts', 40),
      readOf('reviews search', 9),
      readOf('user', 50),
    ];
    const tenfold = (reference?: BenchReport['reference']) =>
      evaluateTargets({ ...report([tenMillion]), size: '10m', reference }).filter(
        (t) => t.target.includes('10M') || t.target.startsWith('10,000,000'),
      );

    expect(
      tenfold({
        file: 'bench/results/x-full.json',
        reads: [readOf('dashboard stats', 25), readOf('dashboard charts', 20), readOf('user', 5)],
      }),
    ).toEqual([
      {
        target: 'dashboard stats (big) p50 at 10M ≤ 1.5× at 1M, steady half rate',
        measured: '30 ms at 100 req/s vs 25 ms at 100 req/s (1.20×)',
        met: true,
      },
      {
        target: 'dashboard charts (big) p50 at 10M ≤ 1.5× at 1M, steady half rate',
        measured: '40 ms at 100 req/s vs 20 ms at 100 req/s (2.00×)',
        met: false,
      },
      {
        target: 'reviews search (big) p50 at 10M ≤ 1.5× at 1M, steady half rate',
        measured: 'not measured (at 1M: no such read)',
        met: null,
      },
    ]);
    expect(tenfold()).toEqual([
      {
        target:
          "10,000,000 reviews across 10,000 clients: each read's p50 within 1.5× its 1,000,000-review p50",
        measured: 'not measured: no 1M report to compare with (BENCH_COMPARE_TO)',
        met: null,
      },
    ]);
  });

  it('reports the bulk sends and the drains with one process and two', () => {
    const server = databaseFigures('postgres', result(600), result(500));
    server.deliveries = {
      bulk: [
        { method: 'email', contacts: 5000, sends: 5, created: 5000, seconds: 3.2 },
        { method: 'sms', contacts: 5000, sends: 5, created: 4990, seconds: 3.4 },
      ],
      drains: [
        { processes: 1, queued: 9990, sent: 9990, seconds: 90, perSecond: 111 },
        { processes: 2, queued: 10000, sent: 10000, seconds: 50, perSecond: 200 },
      ],
    };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rf-bench-report-'));
    try {
      const markdown = fs.readFileSync(writeReport(dir, report([server])).markdown, 'utf8');

      expect(markdown).toContain('### Sending');
      expect(markdown).toContain('| sms | 5000 | 5 | 4990 | 3.4 |');
      expect(markdown).toContain('| email + SMS | 2 | 10000 | 10000 | 50 | 200 |');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes both databases into one report, the server first', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rf-bench-report-'));
    try {
      const written = writeReport(
        dir,
        report([
          databaseFigures('postgres', result(600), result(1000)),
          databaseFigures('pglite', result(100), result(1000)),
        ]),
      );
      expect(path.basename(written.markdown)).toBe('2026-11-28T1500-postgres+pglite-full.md');
      const markdown = fs.readFileSync(written.markdown, 'utf8');
      expect(markdown).toMatch(
        /^# Bench 2026-11-28: the Postgres server, then the embedded database \(PGlite\), full seed\n/,
      );
      expect(markdown).toContain("the embedded database's figures follow the server's.");
      const server = markdown.indexOf('## Postgres server');
      const embedded = markdown.indexOf('## Embedded database (PGlite)');
      expect(server).toBeGreaterThan(markdown.indexOf('## Targets'));
      expect(embedded).toBeGreaterThan(server);
      expect(markdown.slice(embedded)).toContain('| reviews all | mixed | 10 | 20 | 100 | 0 |');
      const json = JSON.parse(fs.readFileSync(written.json, 'utf8')) as BenchReport;
      expect(json.databases.map((d) => d.database)).toEqual(['postgres', 'pglite']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says of an embedded-only run that its figures have no targets, not that they follow the server', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rf-bench-report-'));
    try {
      const written = writeReport(dir, report([databaseFigures('pglite', result(100), result(1000))]));
      const markdown = fs.readFileSync(written.markdown, 'utf8');
      expect(markdown).toMatch(/^# Bench 2026-11-28: the embedded database \(PGlite\), full seed\n/);
      expect(markdown).toContain('which this run did not measure');
      expect(markdown).not.toContain('follow the server');
      expect(
        evaluateTargets(report([databaseFigures('pglite', result(100), result(1000))])),
      ).not.toContainEqual(
        expect.objectContaining({ target: expect.stringContaining("the baseline's req/s") }),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
