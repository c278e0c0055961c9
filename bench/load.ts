import autocannon from 'autocannon';

/** One request autocannon sends: chosen afresh for every request, so load spreads over clients and rows. */
export interface BenchRequest {
  method?: 'GET' | 'POST' | 'PUT';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

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
            headers: { ...chosen.headers, ...(chosen.body ? { 'content-type': 'application/json' } : {}) },
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
 * The fastest of several runs of one load, with every run's errors: a run slowed by something else on the
 * machine (a checkpoint, another process waking) is noise, but a request that failed in any run is a failure.
 */
export function fastestOf(runs: readonly LoadResult[]): LoadResult {
  const fastest = runs.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
  return { ...fastest, errors: runs.reduce((sum, run) => sum + run.errors, 0) };
}
