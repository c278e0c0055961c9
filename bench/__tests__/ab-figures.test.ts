import { describe, expect, it } from 'vitest';
import type { LoadResult } from '../load';
import { abTable, pairedGains, spreadOf } from '../ab-figures';

const run = (requestsPerSecond: number, p99: number): LoadResult => ({
  p50: 5,
  p99,
  requestsPerSecond,
  requests: requestsPerSecond,
  errors: 0,
});

describe('the A/B figures', () => {
  it('when runs are summed up, then the median is the middle run (or the mean of the two middle ones) and the range spans all', () => {
    expect(spreadOf([30, 10, 20])).toEqual({ median: 20, min: 10, max: 30 });
    expect(spreadOf([40, 10, 20, 30])).toEqual({ median: 25, min: 10, max: 40 });
  });

  it("when build B is compared with A, then each round's runs are paired: faster and a lower p99 count as gains", () => {
    const a = [run(1000, 20), run(500, 40)];
    const b = [run(1100, 10), run(450, 50)];

    expect(pairedGains(a, b)).toEqual({
      throughput: { median: 0, min: -10, max: 10 },
      p99: { median: 40, min: -20, max: 100 },
    });
  });

  it('when a table is written, then the first build is the reference and the others show their gains over it', () => {
    const table = abTable(
      'GET /api/user',
      new Map([
        ['HEAD', [run(1000, 20)]],
        ['ab/other', [run(900, 25)]],
      ]),
    );

    expect(table).toContain('| HEAD | 1 | 1000 (1000-1000) | 5.0 (5.0-5.0) | 20.0 (20.0-20.0) | 0 |  |  |');
    expect(table).toContain(
      '| ab/other | 1 | 900 (900-900) | 5.0 (5.0-5.0) | 25.0 (25.0-25.0) | 0 | -10.0% (-10.0% to -10.0%) | -20.0% (-20.0% to -20.0%) |',
    );
  });
});
