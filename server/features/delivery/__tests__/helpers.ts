import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { contacts, jobs, outboundMessages, reviewRequests } from '../../../db/schema';
import type { AppContext } from '../../../lib/context';
import { enqueue } from '../../../lib/queue/enqueue';
import { createWorker, type Worker } from '../../../lib/queue/worker';
import { createContact, createLocation, createReviewRequest, createUser } from '../../../testing/factories';
import { createRequestSettingsRepository } from '../../review-requests/request-settings.repository';
import { createDeliveryJobHandlers } from '../delivery.jobs';

/** A worker as production builds it, with a tiny backoff and poll interval so tests run fast. */
export function testWorker(
  ctx: AppContext,
  options: { db?: Database; workerId?: string; concurrency?: number } = {},
): Worker {
  return createWorker({
    db: options.db ?? ctx.db,
    logger: ctx.logger,
    handlers: createDeliveryJobHandlers(ctx),
    backoffBaseMs: 5,
    pollIntervalMs: 10,
    workerId: options.workerId,
    concurrency: options.concurrency,
  });
}

/**
 * A client with a location, ready to send from. Its quiet hours are off: these tests run on the real clock
 * at any hour, and a +44 number's customer keeps London's nights (quiet hours are tested on a set clock).
 */
export async function createSender(db: Database, companyName?: string) {
  const user = await createUser(db, companyName ? { companyName } : {});
  const location = await createLocation(db, user.id);
  const settings = createRequestSettingsRepository(db);
  await settings.save(user.id, { ...(await settings.get(user.id)), quietHoursEnabled: false });
  return { user, location };
}

/** A review request queued the way the review-requests feature queues one: the row and its job together. */
export async function queueRequest(
  db: Database,
  sender: { user: { id: number }; location: { id: number } },
  contact: { id: number },
  method: 'email' | 'sms' | 'whatsapp',
  options: { maxAttempts?: number } = {},
) {
  return db.transaction(async (tx) => {
    const request = await createReviewRequest(tx as unknown as Database, sender.user.id, sender.location.id, {
      contactId: contact.id,
      method,
    });
    await enqueue(
      tx,
      'deliver-review-request',
      { reviewRequestId: request.id },
      {
        dedupeKey: `deliver-review-request:${request.id}`,
        maxAttempts: options.maxAttempts,
      },
    );
    return request;
  });
}

export async function requestRow(db: Database, id: number) {
  const [row] = await db.select().from(reviewRequests).where(eq(reviewRequests.id, id));
  return row!;
}

export async function jobFor(db: Database, requestId: number) {
  const [row] = await db
    .select()
    .from(jobs)
    .where(eq(jobs.dedupeKey, `deliver-review-request:${requestId}`));
  return row!;
}

export async function outboundFor(db: Database, requestId: number) {
  return db
    .select()
    .from(outboundMessages)
    .where(eq(outboundMessages.reviewRequestId, requestId))
    .orderBy(outboundMessages.id);
}

export async function contactRow(db: Database, id: number) {
  const [row] = await db.select().from(contacts).where(eq(contacts.id, id));
  return row!;
}

/** Waits until `check` answers a truthy value (the worker runs in the background). */
export async function waitFor<T>(check: () => Promise<T>, timeoutMs = 30_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error('waitFor: timed out');
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}

/** Runs the worker until the request leaves 'queued' (sent or failed) and its job is finished. */
export async function settle(db: Database, worker: Worker, requestId: number) {
  worker.start();
  try {
    await waitFor(async () => {
      const job = await jobFor(db, requestId);
      return job.status === 'done' || job.status === 'failed';
    });
  } finally {
    await worker.stop();
  }
  return requestRow(db, requestId);
}

export { createContact };
