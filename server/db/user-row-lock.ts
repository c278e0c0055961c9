import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { users } from './schema';

/**
 * Locks a user's row until the transaction ends: the one queue for what must be counted and written in
 * turn for one account (a client's sends against its caps and ask window, its Stripe events, a person's
 * reset emails), across every server process.
 */
export async function lockUserRow(executor: Pick<Database, 'execute'>, userId: number): Promise<void> {
  await executor.execute(sql`select ${users.id} from ${users} where ${users.id} = ${userId} for update`);
}
