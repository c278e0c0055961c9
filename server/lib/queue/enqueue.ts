import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobs } from '../../db/schema';

/** Queue names and their payloads: a job's shape is known wherever it is queued or run. */
export interface JobPayloads {
  'deliver-review-request': { reviewRequestId: number };
}
export type QueueName = keyof JobPayloads;

/** A transaction or the database: queue a job in the same transaction as the row it is about. */
export type Executor = Pick<Database, 'insert'>;

interface EnqueueOptions {
  /** A job with the same key is queued once, however often this is called. */
  dedupeKey?: string;
  runAt?: Date;
  maxAttempts?: number;
}

/** Adds a durable job; it survives restarts and runs once (server/lib/queue/worker.ts). */
export async function enqueue<Q extends QueueName>(
  db: Executor,
  queue: Q,
  payload: JobPayloads[Q],
  options: EnqueueOptions = {},
): Promise<void> {
  await db
    .insert(jobs)
    .values({
      queue,
      payload,
      dedupeKey: options.dedupeKey ?? null,
      runAt: options.runAt ?? sql`now()`,
      maxAttempts: options.maxAttempts ?? 5,
    })
    .onConflictDoNothing();
}
