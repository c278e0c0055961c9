import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { jobs } from '../../../db/schema';
import { enqueue } from '../../../lib/queue/enqueue';
import { createWorker, PermanentJobError, type Job } from '../../../lib/queue/worker';
import { createLogger } from '../../../lib/logger';
import { createContact } from '../../../testing/factories';
import { startFakeTwilio, type FakeTwilio } from '../../../testing/fake-twilio';
import { decodeQuotedPrintable, startTestSmtpServer, type TestSmtpServer } from '../../../testing/smtp';
import { createTestContext } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { createDeliveryHandler } from '../delivery.service';
import { createSender, jobFor, queueRequest, requestRow, settle, testWorker, waitFor } from './helpers';

const logger = createLogger('silent');

describe.each(testDatabaseKinds)('durable job queue on %s', (kind) => {
  let database: TestDatabase;
  let twilio: FakeTwilio;
  let smtp: TestSmtpServer;
  let sender: Awaited<ReturnType<typeof createSender>>;
  const db = () => database.handle.db;
  const env = () => ({ ...twilio.env(), SMTP_URL: smtp.url });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    twilio = await startFakeTwilio();
    smtp = await startTestSmtpServer();
    sender = await createSender(db());
  });
  afterAll(async () => {
    await twilio?.close();
    await smtp?.close();
    await database?.drop();
  });

  it('when the server restarts between queueing and sending, then the new process sends the message', async () => {
    const phone = '+447700900501';
    const contact = await createContact(db(), sender.user.id, { phone });
    const request = await queueRequest(db(), sender, contact, 'sms');
    const first = testWorker(createTestContext(db(), env()));
    await first.stop(); // the process stops before its worker ever ran the job

    const reopened = await database.reopen();
    try {
      const row = await settle(reopened.db, testWorker(createTestContext(reopened.db, env())), request.id);
      expect(row.status).toBe('sent');
    } finally {
      await reopened.close();
    }
    expect(twilio.messages.filter((m) => m.to === phone)).toHaveLength(1);
  });

  it('when a worker crashed mid-job, then its stale lock is recovered and the job runs again', async () => {
    const phone = '+447700900502';
    const contact = await createContact(db(), sender.user.id, { phone });
    const request = await queueRequest(db(), sender, contact, 'sms');
    await db().execute(sql`
      update jobs set status = 'running', locked_by = 'crashed', locked_at = now() - interval '10 minutes', attempts = 1
      where dedupe_key = ${`deliver-review-request:${request.id}`}`);

    const row = await settle(db(), testWorker(createTestContext(db(), env())), request.id);

    expect(row.status).toBe('sent');
    expect(await jobFor(db(), request.id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(twilio.messages.filter((m) => m.to === phone)).toHaveLength(1);
  });

  it('when a worker on a shared database dies, then another takes its job over within seconds, not minutes', async () => {
    const [job] = await db()
      .insert(jobs)
      .values({
        queue: 'deliver-review-request',
        payload: { reviewRequestId: 987_655 },
        status: 'running',
        lockedBy: 'dead-worker',
        // Its last heartbeat was 31 s ago: three were missed.
        lockedAt: sql`now() - interval '31 seconds'`,
        attempts: 1,
      })
      .returning();
    const ran: number[] = [];
    const handlers = {
      'deliver-review-request': async (payload: { reviewRequestId: number }) => {
        ran.push(payload.reviewRequestId);
      },
    };

    expect(await createWorker({ db: db(), logger, handlers }).drain()).toBe(1);

    expect(ran).toEqual([987_655]);
    const [after] = await db()
      .select()
      .from(jobs)
      .where(sql`${jobs.id} = ${job!.id}`);
    expect(after).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('when a worker already running sees another one die, then it takes the job over at its next heartbeat', async () => {
    const ran: number[] = [];
    const handlers = {
      'deliver-review-request': async (payload: { reviewRequestId: number }) => {
        ran.push(payload.reviewRequestId);
      },
    };
    await enqueue(db(), 'deliver-review-request', { reviewRequestId: 987_657 });
    const [held] = await db()
      .insert(jobs)
      .values({
        queue: 'deliver-review-request',
        payload: { reviewRequestId: 987_658 },
        status: 'running',
        lockedBy: 'other-worker',
        lockedAt: new Date(),
        attempts: 1,
      })
      .returning();
    // A minute's lock timeout: only looking again at every heartbeat takes the job over within the wait below.
    const worker = createWorker({
      db: db(),
      logger,
      handlers,
      lockTimeoutMs: 60_000,
      heartbeatMs: 20,
      pollIntervalMs: 10,
    });
    worker.start();
    // The first job ran: the worker's look for stale locks at start is behind it, and found the other fresh.
    await waitFor(async () => ran.includes(987_657));
    expect(ran).not.toContain(987_658);

    // The other worker dies: its last heartbeat was a minute ago.
    await db().execute(sql`update jobs set locked_at = now() - interval '61 seconds' where id = ${held!.id}`);

    await waitFor(async () => ran.includes(987_658));
    await worker.stop();
    const [after] = await db()
      .select()
      .from(jobs)
      .where(sql`${jobs.id} = ${held!.id}`);
    expect(after).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('when a live worker runs a long job, then its heartbeat keeps the lock fresh so nobody takes it over', async () => {
    let finish!: () => void;
    const release = new Promise<void>((resolve) => (finish = resolve));
    const handlers = { 'deliver-review-request': () => release };
    await enqueue(db(), 'deliver-review-request', { reviewRequestId: 987_656 });
    const worker = createWorker({ db: db(), logger, handlers, heartbeatMs: 20, pollIntervalMs: 10 });
    const lockOf = async () => {
      const result = await db().execute(sql`
        select id, locked_at > now() - interval '5 seconds' as fresh from jobs
        where status = 'running' and payload->>'reviewRequestId' = '987656'`);
      return rowsOf<{ id: number; fresh: boolean }>(result)[0];
    };
    worker.start();
    const running = await waitFor(lockOf);
    // As if the lock had not been renewed for a minute: the heartbeat renews it.
    await db().execute(
      sql`update jobs set locked_at = now() - interval '60 seconds' where id = ${running.id}`,
    );

    await waitFor(async () => (await lockOf())?.fresh);
    expect(await createWorker({ db: db(), logger, handlers }).drain()).toBe(0);
    finish();
    await worker.stop();
  });

  it('when the embedded database restarts, then a job its dead process had locked runs at once', async () => {
    const [job] = await db()
      .insert(jobs)
      .values({
        queue: 'deliver-review-request',
        payload: { reviewRequestId: 987_654 },
        status: 'running',
        lockedBy: 'killed-process',
        lockedAt: new Date(),
        attempts: 1,
      })
      .returning();
    const ran: number[] = [];
    const handlers = {
      'deliver-review-request': async (payload: { reviewRequestId: number }) => {
        ran.push(payload.reviewRequestId);
      },
    };

    // Another process may still hold a fresh lock on a server: a shared-database worker leaves it alone.
    expect(await createWorker({ db: db(), logger, handlers }).drain()).toBe(0);
    const ranBySoleProcess = await createWorker({ db: db(), logger, handlers, soleProcess: true }).drain();

    expect(ranBySoleProcess).toBe(1);
    expect(ran).toEqual([987_654]);
    const [after] = await db()
      .select()
      .from(jobs)
      .where(sql`${jobs.id} = ${job!.id}`);
    expect(after).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('when two workers share the database, then each of many messages is sent exactly once', async () => {
    const n = 12;
    const phones: string[] = [];
    const requests: Awaited<ReturnType<typeof queueRequest>>[] = [];
    for (let i = 0; i < n; i++) {
      const phone = `+44770090${String(600 + i).padStart(4, '0')}`;
      phones.push(phone);
      const contact = await createContact(db(), sender.user.id, {
        phone,
        email: `twin-${kind}-${i}@example.com`,
      });
      requests.push(await queueRequest(db(), sender, contact, i % 2 === 0 ? 'sms' : 'email'));
    }
    const other = await database.reopen(); // a second pool on a server; the one connection on PGlite
    const workers = [
      testWorker(createTestContext(db(), env()), { workerId: 'one', concurrency: 3 }),
      testWorker(createTestContext(other.db, env()), { db: other.db, workerId: 'two', concurrency: 3 }),
    ];
    try {
      workers.forEach((w) => w.start());
      await waitFor(async () => {
        const rows = await Promise.all(requests.map((r) => requestRow(db(), r.id)));
        return rows.every((r) => r.status === 'sent');
      }, 60_000);
      await Promise.all(workers.map((w) => w.stop()));
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
      await other.close();
    }

    for (let i = 0; i < n; i++) {
      const link = `/review/${requests[i]!.uniqueLink}`;
      const count =
        i % 2 === 0
          ? twilio.messages.filter((m) => m.body.includes(link)).length
          : smtp.messages.filter((m) => decodeQuotedPrintable(m.raw).includes(link)).length;
      expect(count, `request ${i}`).toBe(1);
    }
    const lockers = await db().execute(sql`
      select distinct locked_by from jobs where dedupe_key like 'deliver-review-request:%' and locked_by in ('one', 'two')`);
    expect(rowsOf(lockers).length).toBeGreaterThan(0);
  });

  it('when two jobs for one request run at once, then the message goes out once', async () => {
    const phone = '+447700900701';
    const contact = await createContact(db(), sender.user.id, { phone });
    const request = await queueRequest(db(), sender, contact, 'sms');
    // A second job for the same request (e.g. a resend queued without the dedupe key).
    await enqueue(db(), 'deliver-review-request', { reviewRequestId: request.id });
    const ctx = createTestContext(db(), env());
    const workers = [testWorker(ctx, { workerId: 'a' }), testWorker(ctx, { workerId: 'b' })];

    workers.forEach((w) => w.start());
    await waitFor(async () => {
      const rows = await db().execute(sql`
        select count(*)::int as open from jobs
        where queue = 'deliver-review-request' and payload->>'reviewRequestId' = ${String(request.id)}
          and status in ('pending', 'running')`);
      return rowsOf<{ open: number }>(rows)[0]!.open === 0;
    });
    await Promise.all(workers.map((w) => w.stop()));

    expect((await requestRow(db(), request.id)).status).toBe('sent');
    expect(twilio.messages.filter((m) => m.to === phone)).toHaveLength(1);
  });

  it('when the handler of an already sent request runs again, then nothing is sent twice', async () => {
    const phone = '+447700900702';
    const contact = await createContact(db(), sender.user.id, { phone });
    const request = await queueRequest(db(), sender, contact, 'sms');
    const ctx = createTestContext(db(), env());
    await settle(db(), testWorker(ctx), request.id);
    const handler = createDeliveryHandler(ctx);
    const job = await jobFor(db(), request.id);

    await handler({ reviewRequestId: request.id }, { id: job.id, attempts: 9, isLastAttempt: false });

    expect(twilio.messages.filter((m) => m.to === phone)).toHaveLength(1);
  });

  describe('worker', () => {
    async function queueTest(payload: { reviewRequestId: number }, maxAttempts = 4) {
      await enqueue(db(), 'deliver-review-request', payload, { maxAttempts });
      const [row] = await db()
        .select()
        .from(jobs)
        .where(sql`${jobs.payload}->>'reviewRequestId' = ${String(payload.reviewRequestId)}`);
      return row!;
    }
    const jobRow = async (id: number) =>
      (
        await db()
          .select()
          .from(jobs)
          .where(sql`${jobs.id} = ${id}`)
      )[0]!;

    it('when a handler throws a permanent error, then the job fails at once with that error', async () => {
      const job = await queueTest({ reviewRequestId: 900_001 });
      let calls = 0;
      const worker = createWorker({
        db: db(),
        logger,
        backoffBaseMs: 1,
        handlers: {
          'deliver-review-request': async (payload) => {
            if (payload.reviewRequestId !== 900_001) return;
            calls += 1;
            throw new PermanentJobError('no way');
          },
        },
      });

      await worker.drain();

      expect(calls).toBe(1);
      expect(await jobRow(job.id)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'no way' });
    });

    it('when a handler keeps failing, then it is retried with growing backoff until maxAttempts, then failed', async () => {
      const job = await queueTest({ reviewRequestId: 900_002 }, 3);
      const seen: Job[] = [];
      // A base of a minute: no retry falls due while drain() runs, however slow the machine; the test makes a
      // waiting job due itself, as the clock would.
      const backoffBaseMs = 60_000;
      const worker = createWorker({
        db: db(),
        logger,
        backoffBaseMs,
        handlers: {
          'deliver-review-request': async (payload, j) => {
            if (payload.reviewRequestId !== 900_002) return;
            seen.push(j as Job);
            throw new Error(`boom ${j.attempts}`);
          },
        },
      });
      /** One attempt: its row afterwards, and the wait it was given (from before the attempt to after it). */
      const attempt = async () => {
        const before = Date.now();
        await worker.drain();
        const after = Date.now();
        const row = await jobRow(job.id);
        return { row, waitMs: [row.runAt.getTime() - after, row.runAt.getTime() - before] };
      };
      const makeDue = () =>
        db()
          .update(jobs)
          .set({ runAt: new Date(Date.now() - 1000) })
          .where(sql`${jobs.id} = ${job.id}`);

      const first = await attempt();
      await makeDue();
      const second = await attempt();
      await makeDue();
      const third = await attempt();

      expect(first.row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'boom 1' });
      expect(first.waitMs[0]).toBeLessThanOrEqual(2 * backoffBaseMs);
      expect(first.waitMs[1]).toBeGreaterThanOrEqual(2 * backoffBaseMs);
      expect(second.row).toMatchObject({ status: 'pending', attempts: 2, lastError: 'boom 2' });
      expect(second.waitMs[0]).toBeLessThanOrEqual(4 * backoffBaseMs);
      expect(second.waitMs[1]).toBeGreaterThanOrEqual(4 * backoffBaseMs);
      expect(third.row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'boom 3' });
      expect(seen.map((j) => [j.attempts, j.isLastAttempt])).toEqual([
        [1, false],
        [2, false],
        [3, true],
      ]);
    });

    it('when stop() is called during a job, then it waits for the handler to finish and records it', async () => {
      const job = await queueTest({ reviewRequestId: 900_003 });
      let release!: () => void;
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      const worker = createWorker({
        db: db(),
        logger,
        pollIntervalMs: 5,
        handlers: {
          'deliver-review-request': async (payload) => {
            if (payload.reviewRequestId !== 900_003) return;
            started();
            await new Promise<void>((resolve) => (release = resolve));
          },
        },
      });
      worker.start();
      await running;

      let stopped = false;
      const stopping = worker.stop().then(() => (stopped = true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(stopped).toBe(false);
      release();
      await stopping;

      expect(await jobRow(job.id)).toMatchObject({ status: 'done' });
    });
  });
});
