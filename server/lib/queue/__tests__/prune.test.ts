import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../../db/schema';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { FINISHED_JOB_KEPT_DAYS, pruneFinishedJobs } from '../prune';

const DAY_MS = 24 * 60 * 60 * 1000;
const now = new Date('2026-12-02T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);

describe.each(testDatabaseKinds)('pruning finished jobs on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it(`when jobs finished over ${FINISHED_JOB_KEPT_DAYS} days ago, then they go and every other job stays`, async () => {
    const db = database.handle.db;
    const job = (dedupeKey: string, status: string, finishedAt: Date | null, runAt = daysAgo(60)) => ({
      queue: 'deliver-webhook',
      payload: { deliveryId: 1 },
      status,
      finishedAt,
      runAt,
      dedupeKey,
    });
    await db
      .insert(jobs)
      .values([
        job('done-old', 'done', daysAgo(FINISHED_JOB_KEPT_DAYS + 1)),
        job('failed-old', 'failed', daysAgo(FINISHED_JOB_KEPT_DAYS + 1)),
        job('done-recent', 'done', daysAgo(FINISHED_JOB_KEPT_DAYS - 1)),
        job('failed-recent', 'failed', daysAgo(1)),
        job('pending-old', 'pending', null),
        job('running-old', 'running', null),
      ]);

    const pruned = await pruneFinishedJobs(db, now);

    const left = await db.select({ key: jobs.dedupeKey }).from(jobs);
    expect(pruned).toBe(2);
    expect(left.map((row) => row.key).sort()).toEqual([
      'done-recent',
      'failed-recent',
      'pending-old',
      'running-old',
    ]);
  });
});
