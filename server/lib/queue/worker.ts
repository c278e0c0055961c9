import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/client';
import { safeErrorMessage, type Logger } from '../logger';
import type { JobPayloads, QueueName } from './enqueue';

/** A job as the worker claimed it (attempts already counts the run in progress). */
export interface Job<Q extends QueueName = QueueName> {
  id: number;
  queue: Q;
  payload: JobPayloads[Q];
  attempts: number;
  maxAttempts: number;
  lockedBy: string;
  /** True on the last allowed attempt: a handler failing now fails the job for good. */
  isLastAttempt: boolean;
}

export type JobHandler<Q extends QueueName> = (payload: JobPayloads[Q], job: Job<Q>) => Promise<void>;
export type JobHandlers = { [Q in QueueName]?: JobHandler<Q> };

/** A failure that retrying cannot fix (e.g. the contact opted out): the job fails at once. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

/** A failure that will pass later: try again after `retryAfterMs` (a provider's Retry-After) instead of the backoff. */
export class RetryLaterError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
    this.name = 'RetryLaterError';
  }
}

/** Not a failure: the job may not run yet (quiet hours); it waits until `until`, and the attempt is not counted. */
export class DeferJobError extends Error {
  constructor(readonly until: Date) {
    super(`Deferred until ${until.toISOString()}`);
    this.name = 'DeferJobError';
  }
}

export interface WorkerOptions {
  db: Database;
  logger: Logger;
  handlers: JobHandlers;
  /** Jobs run at the same time by this worker (default 4). */
  concurrency?: number;
  /** How often to look for due jobs when idle (default 1000 ms). */
  pollIntervalMs?: number;
  /** Backoff base: a failed attempt n is retried after 2^n × base (default 5000 ms). */
  backoffBaseMs?: number;
  /** Longest backoff (default 1 hour). */
  maxBackoffMs?: number;
  /**
   * A running job whose lock was not renewed for this long belonged to a worker that died: it is made pending
   * again (default 30 s). A live worker renews the locks of its running jobs every `heartbeatMs`.
   */
  lockTimeoutMs?: number;
  /** How often a started worker renews the locks of the jobs it runs, and looks for stale ones (default 10 s). */
  heartbeatMs?: number;
  /**
   * This process is the only one that can use the database (the embedded PGlite): at start every job
   * still marked running belonged to a process that died, so it is retried at once, not after the timeout.
   */
  soleProcess?: boolean;
  workerId?: string;
}

export interface Worker {
  readonly id: string;
  start(): void;
  /** Stops claiming jobs and waits for the handlers in flight. */
  stop(): Promise<void>;
  /** Looks for due jobs now (e.g. right after enqueueing in this process). */
  kick(): void;
  /** Claims and runs due jobs until none is left; for tests and scripts. Answers how many ran. */
  drain(): Promise<number>;
  readonly running: boolean;
}

interface JobRow {
  id: number | string;
  queue: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

/** The message a failed job keeps (last_error) and logs: never a failed query's parameter values. */
function errorMessage(error: unknown): string {
  return safeErrorMessage(error).slice(0, 2000);
}

export function createWorker(options: WorkerOptions): Worker {
  const {
    db,
    handlers,
    concurrency = 4,
    pollIntervalMs = 1000,
    backoffBaseMs = 5000,
    maxBackoffMs = 60 * 60 * 1000,
    lockTimeoutMs = 30 * 1000,
    heartbeatMs = 10 * 1000,
  } = options;
  const id = options.workerId ?? `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const logger = options.logger.child({ worker: id });
  const queues = Object.keys(handlers);

  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let lastRecovery = 0;
  let ticking: Promise<void> | undefined;
  let again = false;
  const inFlight = new Set<Promise<void>>();

  let staleAfterMs = options.soleProcess ? 0 : lockTimeoutMs;

  async function recoverStale(): Promise<void> {
    const result = await db.execute(sql`
      update jobs set status = 'pending', locked_at = null, locked_by = null, run_at = now()
      where status = 'running' and locked_at <= now() - make_interval(secs => ${staleAfterMs / 1000})
      returning id`);
    const recovered = rowsOf<{ id: number }>(result);
    if (recovered.length > 0)
      logger.warn({ jobs: recovered.map((r) => Number(r.id)) }, 'recovered stale jobs');
    lastRecovery = Date.now();
    staleAfterMs = lockTimeoutMs;
  }

  async function claim(limit: number): Promise<JobRow[]> {
    if (limit <= 0 || queues.length === 0) return [];
    const result = await db.execute(sql`
      update jobs
      set status = 'running', locked_at = now(), locked_by = ${id}, attempts = attempts + 1
      where id in (
        select id from jobs
        where status = 'pending' and run_at <= now()
          and queue in (${sql.join(
            queues.map((q) => sql`${q}`),
            sql`, `,
          )})
        order by run_at, id
        limit ${limit}
        for update skip locked
      )
      returning id, queue, payload, attempts, max_attempts`);
    return rowsOf<JobRow>(result);
  }

  async function run(row: JobRow): Promise<void> {
    const job: Job = {
      id: Number(row.id),
      queue: row.queue as QueueName,
      payload: row.payload as JobPayloads[QueueName],
      attempts: row.attempts,
      maxAttempts: row.max_attempts,
      lockedBy: id,
      isLastAttempt: row.attempts >= row.max_attempts,
    };
    const handler = handlers[job.queue] as JobHandler<QueueName> | undefined;
    try {
      if (!handler) throw new PermanentJobError(`No handler for queue ${job.queue}`);
      await handler(job.payload, job);
      await db.execute(sql`
        update jobs set status = 'done', finished_at = now(), locked_at = null, last_error = null
        where id = ${job.id} and locked_by = ${id}`);
    } catch (error) {
      if (error instanceof DeferJobError) {
        await db.execute(sql`
          update jobs set status = 'pending', locked_at = null, locked_by = null, attempts = attempts - 1,
            run_at = ${error.until.toISOString()}::timestamptz
          where id = ${job.id} and locked_by = ${id}`);
        return;
      }
      const message = errorMessage(error);
      const permanent = error instanceof PermanentJobError;
      if (permanent || job.isLastAttempt) {
        logger.warn({ job: job.id, queue: job.queue, attempts: job.attempts, err: message }, 'job failed');
        await db.execute(sql`
          update jobs set status = 'failed', finished_at = now(), locked_at = null, last_error = ${message}
          where id = ${job.id} and locked_by = ${id}`);
      } else {
        const backoff = Math.min(maxBackoffMs, 2 ** job.attempts * backoffBaseMs);
        const delay = error instanceof RetryLaterError ? Math.max(0, error.retryAfterMs) : backoff;
        logger.info(
          { job: job.id, queue: job.queue, attempts: job.attempts, delay, err: message },
          'job retry',
        );
        await db.execute(sql`
          update jobs set status = 'pending', locked_at = null, locked_by = null, last_error = ${message},
            run_at = now() + make_interval(secs => ${delay / 1000})
          where id = ${job.id} and locked_by = ${id}`);
      }
    }
  }

  /** Claims as many jobs as there are free slots and starts them; answers how many started. */
  async function fill(): Promise<number> {
    // Looked for as often as the locks are renewed: a dead worker's job is taken over at most a heartbeat
    // after its lock went stale, not a whole lock timeout after that.
    if (Date.now() - lastRecovery > heartbeatMs) await recoverStale();
    const rows = await claim(concurrency - inFlight.size);
    for (const row of rows) {
      const task: Promise<void> = run(row)
        .catch((error: unknown) => logger.error({ err: error, job: row.id }, 'job bookkeeping failed'))
        .finally(() => {
          inFlight.delete(task);
          if (started) kick();
        });
      inFlight.add(task);
    }
    return rows.length;
  }

  function schedule(): void {
    if (!started) return;
    clearTimeout(timer);
    timer = setTimeout(kick, pollIntervalMs);
  }

  function kick(): void {
    if (!started) return;
    if (ticking) {
      again = true;
      return;
    }
    ticking = (async () => {
      do {
        again = false;
        try {
          await fill();
        } catch (error) {
          logger.error({ err: error }, 'queue poll failed');
        }
      } while (again && started && inFlight.size < concurrency);
    })().finally(() => {
      ticking = undefined;
      schedule();
    });
  }

  return {
    id,
    get running() {
      return started;
    },
    start() {
      if (started) return;
      started = true;
      lastRecovery = 0; // recover crashed jobs at once
      // A heartbeat: the locks of this worker's running jobs stay fresh while it lives, so another worker
      // takes over a dead one's jobs within lockTimeoutMs instead of minutes.
      heartbeat = setInterval(() => {
        if (inFlight.size === 0) return;
        db.execute(
          sql`
          update jobs set locked_at = now() where status = 'running' and locked_by = ${id}`,
        ).catch((error: unknown) => logger.error({ err: error }, 'job heartbeat failed'));
      }, heartbeatMs);
      heartbeat.unref();
      kick();
    },
    kick,
    async stop() {
      started = false;
      clearTimeout(timer);
      clearInterval(heartbeat);
      await ticking;
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    async drain() {
      let total = 0;
      for (;;) {
        const started_ = await fill();
        total += started_;
        if (started_ === 0 && inFlight.size === 0) return total;
        if (inFlight.size > 0) await Promise.race(inFlight);
      }
    },
  };
}
