import { and, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobs } from '../../db/schema';

/** A finished job is kept this long, to read what ran and why one failed; then it goes. */
export const FINISHED_JOB_KEPT_DAYS = 30;
/** Rows deleted per statement, so a first prune of a large table never holds a long lock. */
const BATCH = 5_000;

/**
 * Deletes the jobs that finished (done or failed) more than FINISHED_JOB_KEPT_DAYS before `now`; pending and
 * running jobs are never touched. A job's dedupe key names the row it works for (a request, a review, a
 * delivery), queued once when that row is made, so forgetting a month-old finished job queues nothing again.
 */
export async function pruneFinishedJobs(db: Database, now: Date): Promise<number> {
  const before = new Date(now.getTime() - FINISHED_JOB_KEPT_DAYS * 24 * 60 * 60 * 1000);
  let pruned = 0;
  for (;;) {
    const finished = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(inArray(jobs.status, ['done', 'failed']), lt(jobs.finishedAt, before)))
      .limit(BATCH);
    const rows = await db
      .delete(jobs)
      .where(sql`${jobs.id} in ${finished}`)
      .returning({ id: jobs.id });
    pruned += rows.length;
    if (rows.length < BATCH) return pruned;
  }
}
