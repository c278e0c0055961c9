import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import { createBackgroundWork } from '../jobs';
import type { AppContext } from '../lib/context';
import { createScheduler } from '../lib/queue/scheduler';
import { createWorker } from '../lib/queue/worker';
import { createTestContext } from './test-app';

/**
 * The product's background work (every queue and recurring task) for a test app built with the same
 * environment: `drain()` runs every due job to the end, `schedule(now)` runs the recurring tasks at a time
 * the test chooses. A failed attempt waits a minute before its retry, so a test sees it waiting, never
 * racing, unless the provider named its own Retry-After.
 */
export function createTestBackground(
  db: Database,
  envOverrides: Record<string, string> = {},
  ctx?: AppContext,
) {
  const context = ctx ?? createTestContext(db, envOverrides);
  const work = createBackgroundWork(context);
  const worker = createWorker({
    db,
    logger: context.logger,
    handlers: work.handlers,
    backoffBaseMs: 60_000,
    pollIntervalMs: 10,
  });
  const scheduler = createScheduler({ tasks: work.tasks, logger: context.logger });
  return {
    context,
    drain: () => worker.drain(),
    schedule: (now = new Date()) => scheduler.runAll(now),
    /** Makes every waiting job due now (the test's way of letting time pass for retries). */
    async makeDue(): Promise<void> {
      await db
        .update(jobs)
        .set({ runAt: sql`now()` })
        .where(eq(jobs.status, 'pending'));
    },
  };
}

export type TestBackground = ReturnType<typeof createTestBackground>;
