import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobs } from '../../db/schema';
import type { PushMessage } from '@shared/push';

/** A customer's answer on their feedback case (the feedback_messages row), as the jobs that tell of it carry it. */
export interface FeedbackAnswerPayload {
  reviewId: number;
  messageId: number;
  customerName: string;
  body: string;
}

/** Queue names and their payloads: a job's shape is known wherever it is queued or run. */
export interface JobPayloads {
  'deliver-review-request': { reviewRequestId: number };
  /** A follow-up to a customer who has not reviewed yet; `reminder` is 1 or 2. */
  'send-request-reminder': { reviewRequestId: number; reminder: number };
  /** Import one provider's reviews for one client (a sync_runs row). */
  'sync-reviews': { syncRunId: number };
  /** Email the owner about a new review at or below their alert rating. */
  'send-review-alert': { reviewId: number; userId: number };
  /** Email the owner what the sync found changed on Google or Facebook (issue 47, item 2), as the bell said it. */
  'send-site-changes-alert': {
    userId: number;
    site: string;
    locationName: string;
    items: { title: string; body: string; reviewId: number }[];
  };
  /** Email the owner a customer's answer on their feedback case (issue 47, item 3), as the bell said it. */
  'send-feedback-answer-alert': FeedbackAnswerPayload & { userId: number };
  /** Email the owner last week's figures; `weekStart` is the Monday (YYYY-MM-DD, UTC) the week began. */
  'send-weekly-digest': { userId: number; weekStart: string };
  /** Send one webhook delivery (a webhook_deliveries row) to its endpoint, signed. */
  'deliver-webhook': { deliveryId: number };
  /** Try again to publish a reply its site did not take (issue 41); `attempt` is 2 to 6. */
  'publish-reply': { ownerId: number; reviewId: number; attempt: number };
  /** Work out which devices hear of a new review (issue 45) and queue a push to each. */
  'push-new-review': { reviewId: number };
  /** Work out which devices hear of a customer's answer on a feedback case and queue a push to each. */
  'push-feedback-answer': FeedbackAnswerPayload;
  /** Send one Web Push message to one device (a push_subscriptions row). */
  'send-push': { subscriptionId: number; message: PushMessage };
  /** Send one business message of a feedback case to its customer (issue 47, item 3). */
  'send-feedback-message': { messageId: number };
  /** Remove the stored files (review videos) of an account whose deletion committed. */
  'delete-account-files': { ownerId: number };
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
  await enqueueMany(db, queue, [{ payload, ...options }]);
}

/** Adds many jobs of one queue in a single insert (bulk sends). */
export async function enqueueMany<Q extends QueueName>(
  db: Executor,
  queue: Q,
  entries: (EnqueueOptions & { payload: JobPayloads[Q] })[],
): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insert(jobs)
    .values(
      entries.map((entry) => ({
        queue,
        payload: entry.payload,
        dedupeKey: entry.dedupeKey ?? null,
        runAt: entry.runAt ?? sql`now()`,
        maxAttempts: entry.maxAttempts ?? 5,
      })),
    )
    .onConflictDoNothing();
}
