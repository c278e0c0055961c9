import type { LoadResult } from './load';

/** A figure over several runs: the median and the range, as docs/bench.md reads a ratio (a range, not one run). */
export interface Spread {
  median: number;
  min: number;
  max: number;
}

export function spreadOf(values: readonly number[]): Spread {
  if (values.length === 0) throw new Error('no runs');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0]!, max: sorted.at(-1)! };
}

/** One build's runs of one read, as the A/B table shows them. */
export interface BuildFigures {
  build: string;
  runs: number;
  requestsPerSecond: Spread;
  p50: Spread;
  p99: Spread;
  errors: number;
}

export function buildFiguresOf(build: string, runs: readonly LoadResult[]): BuildFigures {
  return {
    build,
    runs: runs.length,
    requestsPerSecond: spreadOf(runs.map((run) => run.requestsPerSecond)),
    p50: spreadOf(runs.map((run) => run.p50)),
    p99: spreadOf(runs.map((run) => run.p99)),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  };
}

/**
 * What build B gains over build A on one read, round by round: runs of the same round ran next to each other, so
 * their ratio cancels what the machine did between rounds. Positive is B faster (throughput up, p99 down).
 */
export function pairedGains(a: readonly LoadResult[], b: readonly LoadResult[]) {
  const rounds = Math.min(a.length, b.length);
  const percent = (ratio: number) => Math.round((ratio - 1) * 1000) / 10;
  const throughput: number[] = [];
  const p99: number[] = [];
  for (let i = 0; i < rounds; i++) {
    throughput.push(percent(b[i]!.requestsPerSecond / a[i]!.requestsPerSecond));
    p99.push(percent(a[i]!.p99 / b[i]!.p99));
  }
  return { throughput: spreadOf(throughput), p99: spreadOf(p99) };
}

const range = (s: Spread, digits = 0) =>
  `${s.median.toFixed(digits)} (${s.min.toFixed(digits)}-${s.max.toFixed(digits)})`;
const signed = (s: Spread) => {
  const one = (n: number) => `${n > 0 ? '+' : ''}${n.toFixed(1)}%`;
  return `${one(s.median)} (${one(s.min)} to ${one(s.max)})`;
};

/** A markdown table per read: each build's median and range, and each build's paired gain over the first. */
export function abTable(read: string, byBuild: ReadonlyMap<string, readonly LoadResult[]>): string {
  const builds = [...byBuild.keys()];
  const first = byBuild.get(builds[0]!)!;
  const lines = [
    `### ${read}`,
    '',
    '| build | runs | answers a second | p50 ms | p99 ms | errors | throughput vs first, by round | p99 vs first, by round |',
    '| ----- | ---- | ---------------- | ------ | ------ | ------ | ----------------------------- | ---------------------- |',
  ];
  for (const build of builds) {
    const runs = byBuild.get(build)!;
    const figures = buildFiguresOf(build, runs);
    const gains = build === builds[0] ? undefined : pairedGains(first, runs);
    lines.push(
      `| ${build} | ${figures.runs} | ${range(figures.requestsPerSecond)} | ${range(figures.p50, 1)} | ${range(figures.p99, 1)} | ${figures.errors} | ${gains ? signed(gains.throughput) : ''} | ${gains ? signed(gains.p99) : ''} |`,
    );
  }
  return lines.join('\n');
}
