import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';

/** One request autocannon sends: chosen afresh for every request, so load spreads over clients and rows. */
export interface BenchRequest {
  method?: 'GET' | 'POST' | 'PUT';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** The request's headers, and a JSON body's content type when it has one. */
const headersOf = (request: BenchRequest) => ({
  ...request.headers,
  ...(request.body ? { 'content-type': 'application/json' } : {}),
});

export interface LoadResult {
  p50: number;
  p99: number;
  requestsPerSecond: number;
  requests: number;
  errors: number;
}

/** Runs autocannon against `base` for `seconds`, `connections` at once, each request from `next()`. */
export async function load(
  base: string,
  next: () => BenchRequest,
  options: { connections: number; seconds: number },
): Promise<LoadResult> {
  const result = await autocannon({
    url: base,
    connections: options.connections,
    duration: options.seconds,
    requests: [
      {
        setupRequest: (request) => {
          const chosen = next();
          return {
            ...request,
            method: chosen.method ?? 'GET',
            path: chosen.path,
            headers: headersOf(chosen),
            body: chosen.body,
          };
        },
      },
    ],
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    requestsPerSecond: Math.round(result.requests.average),
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * Sends `rate` requests a second for `seconds`, evenly spaced, over at most `connections` kept-alive connections,
 * whether or not the answers before have come: the load of many users, who do not wait for each other. Each
 * latency runs from the moment its request was due, so time spent waiting for a free connection counts.
 * (autocannon's own rate sends each connection's share of a second back to back at the start of that second:
 * a burst of every connection at once, then silence.)
 */
export async function steadyLoad(
  base: string,
  next: () => BenchRequest,
  options: { connections: number; seconds: number; rate: number },
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const total = Math.round(options.rate * options.seconds);
  const spacing = 1000 / options.rate;
  const latencies: number[] = [];
  let errors = 0;
  const send = (request: BenchRequest, due: number) =>
    new Promise<void>((resolve) => {
      let settled = false;
      const settle = (answered: boolean) => {
        if (settled) return;
        settled = true;
        if (answered) latencies.push(performance.now() - due);
        else errors++;
        resolve();
      };
      const req = http.request(
        new URL(request.path, base),
        { agent, method: request.method ?? 'GET', headers: headersOf(request) },
        (res) => {
          res.on('end', () => settle(res.statusCode! >= 200 && res.statusCode! < 300));
          res.on('error', () => settle(false));
          res.resume();
        },
      );
      req.on('error', () => settle(false));
      req.end(request.body);
    });
  const answers: Promise<void>[] = [];
  const start = performance.now();
  let sent = 0;
  while (sent < total) {
    const now = performance.now();
    for (; sent < total && start + sent * spacing <= now; sent++)
      answers.push(send(next(), start + sent * spacing));
    if (sent < total) await sleep(1);
  }
  await Promise.all(answers);
  const took = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) =>
    latencies.length ? Math.round(latencies[Math.ceil((p / 100) * latencies.length) - 1]! * 10) / 10 : 0;
  return {
    p50: percentile(50),
    p99: percentile(99),
    requestsPerSecond: Math.round(latencies.length / took),
    requests: latencies.length,
    errors,
  };
}

/**
 * The fastest of several runs of one load, with every run's errors: a run slowed by something else on the
 * machine (a checkpoint, another process waking) is noise, but a request that failed in any run is a failure.
 */
export function fastestOf(runs: readonly LoadResult[]): LoadResult {
  const fastest = runs.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
  return { ...fastest, errors: runs.reduce((sum, run) => sum + run.errors, 0) };
}

/**
 * The run of median p99 of several steady runs, with every run's errors. One short run's p99 is its worst
 * hundredth, which a single checkpoint or another process waking decides; the median round is what the read
 * does, and a request that failed in any round is a failure.
 */
export function medianOf(runs: readonly LoadResult[]): LoadResult {
  const median = runs[medianRunIndex(runs)]!;
  return { ...median, errors: runs.reduce((sum, run) => sum + run.errors, 0) };
}

/** Which of `runs` has the median p99 (the lower middle one of an even count). */
export function medianRunIndex(runs: readonly LoadResult[]): number {
  if (runs.length === 0) throw new Error('no runs to take the median of');
  const byP99 = runs.map((run, index) => ({ p99: run.p99, index })).sort((a, b) => a.p99 - b.p99);
  return byP99[Math.floor((byP99.length - 1) / 2)]!.index;
}
