import { and, desc, eq, inArray, isNull, like, ne, not, or, sql, type SQL } from 'drizzle-orm';
import type { Channel } from '@shared/schemas/domain';
import type { Provider } from '@shared/schemas/integrations';
import { REVIEWED_ELSEWHERE } from '@shared/schemas/review-requests';
import type { Database } from '../../db/client';
import { contacts, jobs, reviewRequests, reviews } from '../../db/schema';
import { recordContactEvents, type NewContactEvent } from '../contacts';
import { recordRequestEvents, type NewRequestEvent } from './request-events.repository';
import { requestJobKeyPatterns } from './sending-schedule';

// One customer, one policy (issue 41, PRODUCT.md section 10): when a contact was last asked, and what
// happens to their other requests once they have reviewed.

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

export interface Ask {
  askedAt: Date;
  method: Channel;
}

/**
 * A request that asked its contact: a message by email, SMS or WhatsApp that did not fail and was not
 * cancelled before it went out. A reminder belongs to the ask it follows, so only requests count.
 */
const askedSql = (): SQL =>
  and(
    ne(reviewRequests.method, 'link'),
    ne(reviewRequests.status, 'failed'),
    not(and(eq(reviewRequests.status, 'cancelled'), isNull(reviewRequests.sentAt))!),
  )!;

/** Statuses of a request still waiting for its customer's review (the owner may cancel these too). */
const OPEN = ['queued', 'outbox', 'sent', 'delivered', 'opened'] as const;

/**
 * Each of these contacts' last ask in the past `windowDays` days (by the database's clock, which stamped
 * the requests), read through review_requests_owner_contact_idx.
 */
export async function recentAsks(
  executor: Pick<Database, 'selectDistinctOn'>,
  ownerId: number,
  contactIds: number[],
  windowDays: number,
): Promise<Map<number, Ask>> {
  if (windowDays <= 0 || contactIds.length === 0) return new Map();
  const rows = await executor
    .selectDistinctOn([reviewRequests.contactId], {
      contactId: reviewRequests.contactId,
      askedAt: reviewRequests.createdAt,
      method: reviewRequests.method,
    })
    .from(reviewRequests)
    .where(
      and(
        eq(reviewRequests.ownerId, ownerId),
        inArray(reviewRequests.contactId, contactIds),
        sql`${reviewRequests.createdAt} > now() - make_interval(days => ${windowDays}::int)`,
        askedSql(),
      ),
    )
    .orderBy(reviewRequests.contactId, desc(reviewRequests.createdAt));
  return new Map(rows.map((r) => [r.contactId!, { askedAt: r.askedAt, method: r.method as Channel }]));
}

/**
 * Every open request of the contact but `exceptRequestId` becomes cancelled with `reason`: its pending
 * jobs (the send not made yet, reminders) are dropped, and its timeline and the contact's say why. A
 * request a worker is sending this very moment is left to finish, as the owner's own cancel does.
 */
export async function cancelOpenRequestsOf(
  executor: Executor,
  target: { ownerId: number; contactId: number; exceptRequestId: number | null; reason: string },
): Promise<number[]> {
  const cancelled = await executor
    .update(reviewRequests)
    .set({ status: 'cancelled', cancelledAt: sql`now()`, cancelReason: target.reason })
    .where(
      and(
        eq(reviewRequests.ownerId, target.ownerId),
        eq(reviewRequests.contactId, target.contactId),
        target.exceptRequestId === null ? undefined : ne(reviewRequests.id, target.exceptRequestId),
        inArray(reviewRequests.status, [...OPEN]),
        sql`coalesce(${reviewRequests.providerMessageId}, '') not like 'claim:%'`,
      ),
    )
    .returning({ id: reviewRequests.id, method: reviewRequests.method });
  if (cancelled.length === 0) return [];

  const dropped = await executor
    .delete(jobs)
    .where(
      and(
        eq(jobs.status, 'pending'),
        or(...cancelled.flatMap((r) => requestJobKeyPatterns(r.id).map((p) => like(jobs.dedupeKey, p)))),
      ),
    )
    .returning({ queue: jobs.queue, payload: jobs.payload });
  const reminderDropped = new Set(
    dropped
      .filter((j) => j.queue === 'send-request-reminder')
      .map((j) => (j.payload as { reviewRequestId: number }).reviewRequestId),
  );
  const { ownerId, contactId, reason } = target;
  await recordRequestEvents(
    executor,
    cancelled.flatMap((r): NewRequestEvent[] => [
      { ownerId, reviewRequestId: r.id, kind: 'cancelled', detail: reason },
      ...(reminderDropped.has(r.id)
        ? [{ ownerId, reviewRequestId: r.id, kind: 'reminder_cancelled' as const, detail: reason }]
        : []),
    ]),
  );
  await recordContactEvents(
    executor,
    cancelled.map((r): NewContactEvent => ({
      ownerId,
      contactId,
      kind: 'cancelled',
      channel: r.method === 'link' ? null : r.method,
      detail: reason,
      reviewRequestId: r.id,
    })),
  );
  return cancelled.map((r) => r.id);
}

/** The customer reviewed through this request: the line on their timeline, and their other requests end. */
export async function reviewedThroughRequest(
  executor: Executor,
  review: { ownerId: number; contactId: number; reviewRequestId: number; rating: number },
): Promise<void> {
  await recordContactEvents(executor, [
    {
      ownerId: review.ownerId,
      contactId: review.contactId,
      kind: 'reviewed',
      detail: `Rated ${review.rating} of 5`,
      reviewRequestId: review.reviewRequestId,
    },
  ]);
  await cancelOpenRequestsOf(executor, {
    ownerId: review.ownerId,
    contactId: review.contactId,
    exceptRequestId: review.reviewRequestId,
    reason: REVIEWED_ELSEWHERE,
  });
}

const MATCH_DAYS = 14;
const PROVIDER_NAMES: Record<Provider, string> = { google: 'Google', facebook: 'Facebook' };
/** A name compared without case and with runs of spaces as one. */
const normalName = (column: SQL | typeof contacts.name | typeof reviews.reviewerName) =>
  sql`lower(regexp_replace(btrim(${column}), '\\s+', ' ', 'g'))`;

/**
 * Imported Google or Facebook reviews whose reviewer has the name of exactly one contact asked in the 14
 * days before the review: the review becomes that contact's, and their open requests end ("Reviewed on
 * Google"). A name shared by two asked contacts matches nobody.
 */
export async function matchImportedReviewsToContacts(
  executor: Executor,
  ownerId: number,
  provider: Provider,
  reviewIds: number[],
): Promise<void> {
  for (let start = 0; start < reviewIds.length; start += 500) {
    const batch = reviewIds.slice(start, start + 500);
    const pairs = await executor
      .select({ reviewId: reviews.id, contactId: contacts.id })
      .from(reviews)
      .innerJoin(
        contacts,
        and(
          eq(contacts.ownerId, reviews.ownerId),
          sql`${normalName(contacts.name)} = ${normalName(reviews.reviewerName)}`,
        ),
      )
      .where(
        and(
          eq(reviews.ownerId, ownerId),
          inArray(reviews.id, batch),
          isNull(reviews.contactId),
          sql`btrim(${reviews.reviewerName}) <> ''`,
          sql`exists (select 1 from ${reviewRequests} where ${and(
            eq(reviewRequests.ownerId, ownerId),
            eq(reviewRequests.contactId, contacts.id),
            sql`${reviewRequests.createdAt} <= ${reviews.createdAt}`,
            sql`${reviewRequests.createdAt} > ${reviews.createdAt} - make_interval(days => ${MATCH_DAYS}::int)`,
            askedSql(),
          )})`,
        ),
      );
    const contactsOf = new Map<number, number[]>();
    for (const p of pairs) contactsOf.set(p.reviewId, [...(contactsOf.get(p.reviewId) ?? []), p.contactId]);
    const reason = `Reviewed on ${PROVIDER_NAMES[provider]}`;
    for (const [reviewId, [contactId, ...others]] of contactsOf) {
      if (others.length > 0 || contactId === undefined) continue;
      await executor.update(reviews).set({ contactId }).where(eq(reviews.id, reviewId));
      await recordContactEvents(executor, [
        { ownerId, contactId, kind: 'reviewed', detail: `${reason}, matched by name` },
      ]);
      await cancelOpenRequestsOf(executor, { ownerId, contactId, exceptRequestId: null, reason });
    }
  }
}
