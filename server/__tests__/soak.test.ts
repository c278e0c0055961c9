import { afterEach, describe, expect, it } from 'vitest';
import { formatSummary, runSoak } from '../../scripts/soak';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing/test-db';

// The short soak (npm run soak runs the long one): mixed reads and writes from many clients at once must never
// answer a 5xx nor fail on the network, and the heap must not keep growing while the load stays the same.

describe.each(testDatabaseKinds)('soak (%s)', (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it('serves 20 concurrent connections for 6 s with no 5xx and a bounded heap', async () => {
    database = await createTestDatabase(kind);
    const summary = await runSoak({
      db: database.handle.db,
      durationMs: 6_000,
      connections: 20,
      clients: 5,
      sampleMs: 1_000,
      heapGrowthLimit: 0.5,
    });
    const report = formatSummary(summary);
    expect(summary.problems, report).toEqual([]);
    expect(summary.serverErrors, report).toBe(0);
    expect(summary.networkErrors, report).toBe(0);
    expect(summary.heapGrowth, report).toBeLessThanOrEqual(0.5);
    // The load really ran: every kind of operation, answered.
    expect(Object.keys(summary.byOperation).sort(), report).toEqual([
      'GET /api/dashboard/stats',
      'GET /api/reviews',
      'POST /api/contacts',
      'POST /api/public/review/:link',
      'POST /api/reviews/:id/response',
    ]);
    expect(summary.requests, report).toBeGreaterThan(40);
    expect(summary.heapSamplesMb.length).toBeGreaterThanOrEqual(5);
    expect(summary.ok).toBe(true);
  }, 60_000);
});
