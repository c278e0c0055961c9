import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Provider, SyncRunStatus, SyncTrigger } from '@shared/schemas/integrations';
import { rowsOf, type Database } from '../../db/client';
import { syncRuns } from '../../db/schema';
import { enqueueMany } from '../../lib/queue/enqueue';

export interface SyncRunRow {
  id: number;
  ownerId: number;
  provider: Provider;
  trigger: SyncTrigger;
  status: SyncRunStatus;
  imported: number;
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

const ACTIVE: SyncRunStatus[] = ['queued', 'running'];
const jobFor = (id: number) => ({ payload: { syncRunId: id }, dedupeKey: `sync-run:${id}` });

/** Connected, usable locations of a provider, as SQL conditions on `locations l`. */
const CONNECTED = {
  google: sql`l.google_access_token is not null and l.google_location_id is not null and l.google_reconnect_needed_at is null`,
  facebook: sql`l.facebook_access_token is not null and l.facebook_page_id is not null and l.facebook_reconnect_needed_at is null`,
};

export function createSyncRunsRepository(db: Database) {
  return {
    async find(ownerId: number, id: number): Promise<SyncRunRow | undefined> {
      const [row] = await db
        .select()
        .from(syncRuns)
        .where(and(eq(syncRuns.ownerId, ownerId), eq(syncRuns.id, id)));
      return row;
    },

    async load(id: number): Promise<SyncRunRow | undefined> {
      const [row] = await db.select().from(syncRuns).where(eq(syncRuns.id, id));
      return row;
    },

    /**
     * A manual import: the run already queued or running for this client and provider, or a new one with its
     * job, written together so a crash cannot leave a run that no job will ever pick up.
     */
    async requestManual(ownerId: number, provider: Provider): Promise<{ run: SyncRunRow; created: boolean }> {
      return db.transaction(async (tx) => {
        // One request at a time per client and provider: the lock orders two clicks on two servers.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sync:${provider}:${ownerId}`}))`);
        const [active] = await tx
          .select()
          .from(syncRuns)
          .where(
            and(
              eq(syncRuns.ownerId, ownerId),
              eq(syncRuns.provider, provider),
              inArray(syncRuns.status, ACTIVE),
            ),
          )
          .limit(1);
        if (active) return { run: active, created: false };
        const [run] = await tx.insert(syncRuns).values({ ownerId, provider, trigger: 'manual' }).returning();
        await enqueueMany(tx, 'sync-reviews', [jobFor(run!.id)]);
        return { run: run!, created: true };
      });
    },

    /**
     * Queues the scheduled run of every client with a usable connection whose slot has come. Each client
     * has its own minute within the interval (spread by id, so 1,000 clients do not sync in the same
     * minute); the slot's key is unique, so several processes scheduling at once queue it once. A client
     * with a run already queued or running is skipped. Answers the ids of the runs queued.
     */
    async scheduleDue(now: Date, intervalMinutes: number): Promise<number[]> {
      return db.transaction(async (tx) => {
        const minute = Math.floor(now.getTime() / 60_000);
        const slotOf = sql`((${minute}::bigint + (l.owner_id::bigint * 7919) % ${intervalMinutes}) / ${intervalMinutes})`;
        const queued = rowsOf<{ id: number }>(
          await tx.execute(sql`
            insert into sync_runs (owner_id, provider, trigger, schedule_key)
            select distinct on (l.owner_id, p.provider) l.owner_id, p.provider, 'schedule',
              p.provider || ':' || l.owner_id || ':' || ${intervalMinutes} || ':' || ${slotOf}
            from locations l
            cross join (values ('google'), ('facebook')) as p(provider)
            join users u on u.id = l.owner_id and u.disabled_at is null
            where ((p.provider = 'google' and ${CONNECTED.google})
                or (p.provider = 'facebook' and ${CONNECTED.facebook}))
              and not exists (
                select 1 from sync_runs r
                where r.owner_id = l.owner_id and r.provider = p.provider and r.status in ('queued', 'running')
              )
            on conflict (schedule_key) where schedule_key is not null do nothing
            returning id`),
        ).map((row) => Number(row.id));
        await enqueueMany(tx, 'sync-reviews', queued.map(jobFor));
        return queued;
      });
    },

    async markRunning(id: number): Promise<void> {
      await db
        .update(syncRuns)
        .set({ status: 'running', startedAt: sql`coalesce(${syncRuns.startedAt}, now())` })
        .where(eq(syncRuns.id, id));
    },

    async addImported(id: number, count: number): Promise<void> {
      if (count === 0) return;
      await db
        .update(syncRuns)
        .set({ imported: sql`${syncRuns.imported} + ${count}` })
        .where(eq(syncRuns.id, id));
    },

    /** A run waiting for its retry keeps its progress and says why it waits. */
    async noteRetry(id: number, error: string): Promise<void> {
      await db.update(syncRuns).set({ status: 'queued', error }).where(eq(syncRuns.id, id));
    },

    async finish(id: number, status: 'done' | 'failed', error: string | null): Promise<void> {
      await db
        .update(syncRuns)
        .set({ status, error, finishedAt: sql`now()` })
        .where(eq(syncRuns.id, id));
    },
  };
}

export type SyncRunsRepository = ReturnType<typeof createSyncRunsRepository>;
