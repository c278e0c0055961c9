import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/client';

/** Tables a refused request may still write: sessions (a visit), counters (rate limits, sign-in throttle). */
const UNTRACKED = ['sessions', 'rate_limits', 'zz_row_changes', '__drizzle_migrations'];

/**
 * Counts every row written to the product's tables (a row-level trigger on each), so a test can tell in
 * one cheap read whether a request changed anything: the fuzz and the access matrix check that a refused
 * request wrote nothing.
 */
export async function trackRowChanges(
  db: Database,
  options: { ignore?: string[] } = {},
): Promise<{ count(): Promise<number> }> {
  await db.execute(sql`create table if not exists zz_row_changes (n bigint not null)`);
  await db.execute(sql`insert into zz_row_changes select 0 where not exists (select 1 from zz_row_changes)`);
  await db.execute(sql`
    create or replace function zz_count_row_change() returns trigger language plpgsql as $$
    begin update zz_row_changes set n = n + 1; return null; end $$`);
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select tablename as name from pg_tables where schemaname = 'public'`),
  )
    .map((row) => row.name)
    .filter((name) => !UNTRACKED.includes(name) && !options.ignore?.includes(name));
  for (const table of tables) {
    await db.execute(
      sql.raw(`create or replace trigger zz_count_row_change after insert or update or delete on "${table}"
        for each row execute function zz_count_row_change()`),
    );
  }
  return {
    async count() {
      const [row] = rowsOf<{ n: string | number }>(await db.execute(sql`select n from zz_row_changes`));
      return Number(row?.n ?? 0);
    },
  };
}
