import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureSoak, soakGrew } from '../soak';
import type { RuntimeStats } from '../../server/lib/runtime-stats';

let server: http.Server;
let base: string;
let answered = 0;

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    answered += 1;
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('the soak', () => {
  it('when the app is loaded for a while, then its RSS is sampled from start to end and the last half judged', async () => {
    const asked: string[] = [];
    let rssMb = 100;
    const runtimeStats = async (request: 'reset' | 'read') => {
      asked.push(request);
      if (request === 'read') rssMb += 10;
      return { rssMb, rssPeakMb: rssMb + 1 } as RuntimeStats;
    };

    const soak = await measureSoak({
      base,
      seconds: 1,
      rate: 20,
      connections: 2,
      next: () => ({ path: '/api/user' }),
      runtimeStats,
      samples: 4,
    });

    expect(asked).toEqual(['reset', 'read', 'read', 'read', 'read', 'read']);
    expect(soak.rssSamplesMb).toEqual([100, 110, 120, 130, 140]);
    expect(soak.peakRssMb).toBe(151);
    expect(soak.lastHalfGrowthMb).toBe(20);
    expect(soakGrew(soak)).toBe(true);
    expect(soak.load).toMatchObject({ requests: 20, errors: 0 });
    expect(answered).toBe(20);
  });
});
