import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * Makes the transactions that change a client's reviews several at a time (an import) and the ones that change
 * a reply wait for one another. Each change of a review updates the client's figures in the same statement
 * (the trigger of migrations 0010 and 0017), so an import, which locks review after figure after review, and a
 * reply, which locks its review and then the figures, could each hold what the other waits for: Postgres then
 * aborts one of them (a deadlock), and a reply would fail with a 500. Taken first, this lock queues them
 * instead; it is held until the transaction ends. Replies take it shared: each locks only its own review
 * before the figures, whose first row (the client's totals) every change takes first, so replies queue there
 * for one another's few milliseconds and cannot deadlock. An import takes it alone. Adding one new review
 * locks no review another writer holds, so it needs no lock: it queues on the totals row like the rest.
 */
export async function lockClientReviews(
  executor: Pick<Database, 'execute'>,
  ownerId: number,
  changing: 'one review' | 'many reviews',
): Promise<void> {
  await executor.execute(
    changing === 'one review'
      ? sql`select pg_advisory_xact_lock_shared(hashtext('client-reviews'), ${ownerId})`
      : sql`select pg_advisory_xact_lock(hashtext('client-reviews'), ${ownerId})`,
  );
}
