import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { fastestOf, medianOf, medianRunIndex, steadyLoad, type LoadResult } from '../load';

let server: http.Server | undefined;
afterEach(
  () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      server.closeAllConnections(); // answers still held by a failed test
    }),
);

/** Starts `handler` on a port the system picks; answers its base URL. */
async function listen(handler: http.RequestListener): Promise<string> {
  server = http.createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A server that holds every answer until `releaseAll`, but `/probe`'s, which it answers at once. */
async function holdingServer(status: (path: string) => number) {
  const held: (() => void)[] = [];
  const seen = { paths: [] as string[], ports: new Set<number>() };
  const base = await listen((req, res) => {
    if (req.url === '/probe') return res.end();
    seen.paths.push(req.url!);
    seen.ports.add(req.socket.remotePort!);
    held.push(() => res.writeHead(status(req.url!)).end('{}'));
  });
  const releaseAll = () => held.splice(0).forEach((answer) => answer());
  return { base, seen, releaseAll };
}

describe('a steady load', () => {
  it('sends rate × seconds requests on no more connections than allowed, without waiting for answers', async () => {
    const { base, seen, releaseAll } = await holdingServer((path) => (path === '/broken' ? 500 : 200));
    let due = 0;
    let allDue: () => void;
    const allDuePromise = new Promise<void>((resolve) => (allDue = resolve));
    const next = () => {
      if (++due === 10) allDue();
      return { path: due % 10 === 0 ? '/broken' : `/page/${due}` };
    };
    const running = steadyLoad(base, next, { connections: 3, seconds: 0.5, rate: 20 });
    // Every request falls due though none is answered: the load does not wait for answers to go on.
    await allDuePromise;
    // A request made after all of them, on a connection of its own, arrives after any they could have made.
    await fetch(`${base}/probe`).then((res) => res.arrayBuffer());
    // Three connections, each busy with a held request: the seven others wait for one of them.
    expect(seen.paths).toEqual(['/page/1', '/page/2', '/page/3']);
    expect(seen.ports.size).toBe(3);
    const release = setInterval(releaseAll, 5);
    const result = await running.finally(() => clearInterval(release));
    expect(seen.paths).toEqual([...Array(10).keys()].map((i) => (i === 9 ? '/broken' : `/page/${i + 1}`)));
    expect(seen.ports.size).toBe(3);
    expect(result.requests).toBe(9);
    expect(result.errors).toBe(1);
    expect(result.p99).toBeGreaterThanOrEqual(result.p50);
  });

  it('counts a connection dropped before or during the answer as an error, and still ends', async () => {
    const base = await listen((req, res) => {
      if (req.url === '/before') return req.socket.destroy();
      if (req.url === '/during') {
        res.writeHead(200, { 'content-length': '100' }).write('{"half":');
        return setImmediate(() => req.socket.destroy());
      }
      res.end('{}');
    });
    const paths = ['/fine', '/before', '/fine', '/during'];
    let n = 0;
    const result = await steadyLoad(base, () => ({ path: paths[n++ % 4]! }), {
      connections: 2,
      seconds: 0.2,
      rate: 20,
    });
    expect(result).toMatchObject({ requests: 2, errors: 2 });
  });
});

const run = (p99: number, errors = 0, requestsPerSecond = 100): LoadResult => ({
  p50: 1,
  p99,
  requestsPerSecond,
  requests: requestsPerSecond * 5,
  errors,
});

describe('rounds of one load', () => {
  it('keeps the round of median p99, whichever order the rounds ran in, with every round’s errors', () => {
    expect(medianOf([run(40, 1), run(9), run(12)])).toEqual({ ...run(12), errors: 1 });
    expect(medianOf([run(12), run(40), run(9, 2)])).toEqual({ ...run(12), errors: 2 });
    expect(medianRunIndex([run(40), run(9), run(12)])).toBe(2);
  });

  it('takes the lower middle round of an even count, and the only round of one', () => {
    expect(medianRunIndex([run(30), run(10), run(20), run(40)])).toBe(2);
    expect(medianOf([run(7, 3)])).toEqual(run(7, 3));
    expect(() => medianRunIndex([])).toThrow();
  });

  it('keeps the fastest flat-out run, with every run’s errors', () => {
    expect(fastestOf([run(5, 0, 900), run(50, 4, 1200), run(8, 0, 1000)])).toEqual({
      ...run(50, 0, 1200),
      errors: 4,
    });
  });
});
