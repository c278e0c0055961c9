import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** Whether the database answers a trivial query: what the health checks report. */
export function pingDatabase(db: Database): Promise<'up' | 'down'> {
  return db.execute(sql`select 1`).then(
    () => 'up' as const,
    () => 'down' as const,
  );
}
