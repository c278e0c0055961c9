import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type {
  FeedbackCaseStatus,
  FeedbackChannel,
  FeedbackDeliveryStatus,
} from '@shared/schemas/feedback-cases';
import type { Language } from '@shared/i18n/languages';
import type { Database } from '../../db/client';
import { messageLanguageSql } from '../../db/customer-language';
import { inScope, type Scope } from '../../db/scope';
import {
  contacts,
  feedbackCases,
  feedbackMessages,
  locations,
  reviewRequests,
  reviews,
  users,
} from '../../db/schema';
import type { EventBus, EventExecutor } from '../../lib/events';
import { enqueue } from '../../lib/queue/enqueue';

type Author = 'business' | 'customer';

const caseColumns = {
  id: feedbackCases.id,
  ownerId: feedbackCases.ownerId,
  reviewId: feedbackCases.reviewId,
  status: feedbackCases.status,
  linkKey: feedbackCases.linkKey,
  openedAt: feedbackCases.openedAt,
  lastActivityAt: feedbackCases.lastActivityAt,
  lastAuthor: feedbackCases.lastAuthor,
  resolvedAt: feedbackCases.resolvedAt,
  resolvedBy: feedbackCases.resolvedBy,
  rating: reviews.rating,
  content: reviews.content,
  reviewerName: reviews.reviewerName,
  reviewCreatedAt: reviews.createdAt,
  respondedAt: reviews.respondedAt,
  locationName: locations.name,
  locationTimeZone: locations.timeZone,
  requestMethod: reviewRequests.method,
  contactId: contacts.id,
  contactName: contacts.name,
  contactEmail: contacts.email,
  contactPhone: contacts.phone,
  contactTimeZone: contacts.timeZone,
  emailOptedOutAt: contacts.emailOptedOutAt,
  smsOptedOutAt: contacts.smsOptedOutAt,
  companyName: users.companyName,
  ownerFirstName: users.firstName,
  ownerEmail: users.email,
};

type Columns = typeof caseColumns;

/** A case with what its screens, its customer's page and its messages' delivery read of it. */
export type CaseRow = {
  [K in keyof Columns]: Columns[K]['_']['notNull'] extends true
    ? Columns[K]['_']['data']
    : Columns[K]['_']['data'] | null;
} & {
  /** What the customer reads: their contact's language, else the location's, else English. */
  language: Language;
};

const messageColumns = {
  id: feedbackMessages.id,
  caseId: feedbackMessages.caseId,
  author: feedbackMessages.author,
  body: feedbackMessages.body,
  createdAt: feedbackMessages.createdAt,
  channel: feedbackMessages.channel,
  deliveryStatus: feedbackMessages.deliveryStatus,
  sendAt: feedbackMessages.sendAt,
  deliveryReason: feedbackMessages.deliveryReason,
};
export type MessageRow = {
  id: number;
  caseId: number;
  author: Author;
  body: string;
  createdAt: Date;
  channel: FeedbackChannel | null;
  deliveryStatus: FeedbackDeliveryStatus | null;
  sendAt: Date | null;
  deliveryReason: string | null;
};

export interface CaseCursor {
  lastActivityAt: Date;
  id: number;
}

/** Queues the delivery of a business message, in the transaction that wrote it. */
export const queueDelivery = (tx: Pick<Database, 'insert'>, messageId: number) =>
  enqueue(tx, 'send-feedback-message', { messageId }, { dedupeKey: `feedback-message:${messageId}` });

/**
 * Opens the case of a review (once: a second call finds it open). Called in the transaction that stored the
 * review, so a review that was rolled back leaves no case.
 */
export async function openCase(
  tx: EventExecutor,
  input: { ownerId: number; reviewId: number; contactId: number },
): Promise<void> {
  await tx
    .insert(feedbackCases)
    .values({ ...input, linkKey: randomBytes(16).toString('base64url') })
    .onConflictDoNothing();
}

/**
 * Adds the business's message to the review's case, if the review has one that is not resolved, and queues it
 * for the customer; the case then waits for them. Answers the message's id, or undefined when there is no case.
 */
export async function addBusinessMessage(
  tx: EventExecutor,
  input: { ownerId: number; reviewId?: number; caseId?: number; body: string; now?: Date },
): Promise<number | undefined> {
  const at = input.now ?? sql`now()`;
  const [updated] = await tx
    .update(feedbackCases)
    .set({ status: 'waiting', lastActivityAt: at, lastAuthor: 'business' })
    .where(
      and(
        eq(feedbackCases.ownerId, input.ownerId),
        input.caseId !== undefined
          ? eq(feedbackCases.id, input.caseId)
          : eq(feedbackCases.reviewId, input.reviewId ?? 0),
        sql`${feedbackCases.status} <> 'resolved'`,
      ),
    )
    .returning({ id: feedbackCases.id });
  if (!updated) return undefined;
  const [message] = await tx
    .insert(feedbackMessages)
    .values({
      caseId: updated.id,
      author: 'business',
      body: input.body,
      createdAt: at,
      deliveryStatus: 'queued',
    })
    .returning({ id: feedbackMessages.id });
  await queueDelivery(tx, message!.id);
  return message!.id;
}

/** Whether a review has a feedback case: its reply is a message to the customer, not a publication. */
export async function hasFeedbackCase(db: Database, reviewId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: feedbackCases.id })
    .from(feedbackCases)
    .where(eq(feedbackCases.reviewId, reviewId));
  return Boolean(row);
}

/** The feedback cases and their conversations (issue 47, item 3). */
export function createFeedbackCasesRepository(db: Database, events: EventBus) {
  const caseQuery = () =>
    db
      .select({ ...caseColumns, language: messageLanguageSql })
      .from(feedbackCases)
      .innerJoin(reviews, eq(reviews.id, feedbackCases.reviewId))
      .innerJoin(users, and(eq(users.id, feedbackCases.ownerId), isNull(users.disabledAt)))
      .leftJoin(contacts, eq(contacts.id, feedbackCases.contactId))
      .leftJoin(reviewRequests, eq(reviewRequests.id, reviews.reviewRequestId))
      .leftJoin(locations, eq(locations.id, reviews.locationId));

  const scoped = (scope: Scope) =>
    inScope(scope, { ownerId: feedbackCases.ownerId, locationId: reviews.locationId });

  return {
    async findById(scope: Scope, id: number): Promise<CaseRow | undefined> {
      const [row] = await caseQuery().where(and(scoped(scope), eq(feedbackCases.id, id)));
      return row as CaseRow | undefined;
    },

    async findByReview(scope: Scope, reviewId: number): Promise<CaseRow | undefined> {
      const [row] = await caseQuery().where(and(scoped(scope), eq(feedbackCases.reviewId, reviewId)));
      return row as CaseRow | undefined;
    },

    /** Whether the review is in the caller's scope (a review of theirs with no case). */
    async reviewInScope(scope: Scope, reviewId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: reviews.id })
        .from(reviews)
        .where(and(inScope(scope, reviews), eq(reviews.id, reviewId)));
      return Boolean(row);
    },

    /** The case a customer's link opens, whatever its client's scope, while the client's account is open. */
    async findForLink(id: number): Promise<CaseRow | undefined> {
      const [row] = await caseQuery().where(eq(feedbackCases.id, id));
      return row as CaseRow | undefined;
    },

    async messages(caseId: number): Promise<MessageRow[]> {
      return (await db
        .select(messageColumns)
        .from(feedbackMessages)
        .where(eq(feedbackMessages.caseId, caseId))
        .orderBy(asc(feedbackMessages.id))) as MessageRow[];
    },

    /** One page of a status's cases, latest activity first, after `cursor`. */
    async list(scope: Scope, status: FeedbackCaseStatus, cursor: CaseCursor | undefined, limit: number) {
      const after = cursor
        ? or(
            lt(feedbackCases.lastActivityAt, cursor.lastActivityAt),
            and(eq(feedbackCases.lastActivityAt, cursor.lastActivityAt), lt(feedbackCases.id, cursor.id)),
          )
        : undefined;
      return (await caseQuery()
        .where(and(scoped(scope), eq(feedbackCases.status, status), after))
        .orderBy(desc(feedbackCases.lastActivityAt), desc(feedbackCases.id))
        .limit(limit)) as CaseRow[];
    },

    async counts(scope: Scope): Promise<Record<FeedbackCaseStatus, number>> {
      const rows = await db
        .select({ status: feedbackCases.status, n: count() })
        .from(feedbackCases)
        .innerJoin(reviews, eq(reviews.id, feedbackCases.reviewId))
        .where(scoped(scope))
        .groupBy(feedbackCases.status);
      const counts = { open: 0, waiting: 0, resolved: 0 };
      for (const row of rows) counts[row.status] = row.n;
      return counts;
    },

    addBusinessMessage(input: { ownerId: number; caseId: number; body: string; now: Date }) {
      return db.transaction((tx) => addBusinessMessage(tx, input));
    },

    /** The customer's answer: the case is the business's turn again, reopened if it was resolved. */
    async addCustomerMessage(
      feedbackCase: Pick<CaseRow, 'id' | 'ownerId' | 'reviewId'>,
      customerName: string,
      body: string,
      now: Date,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const [message] = await tx
          .insert(feedbackMessages)
          .values({ caseId: feedbackCase.id, author: 'customer', body, createdAt: now })
          .returning({ id: feedbackMessages.id });
        await tx
          .update(feedbackCases)
          .set({
            status: 'open',
            lastActivityAt: now,
            lastAuthor: 'customer',
            resolvedAt: null,
            resolvedBy: null,
          })
          .where(eq(feedbackCases.id, feedbackCase.id));
        await events.emit(tx, {
          type: 'feedback.answered',
          ownerId: feedbackCase.ownerId,
          reviewId: feedbackCase.reviewId,
          messageId: message!.id,
          customerName,
          body,
        });
      });
    },

    /** Resolves an unresolved case; answers whether it did. */
    async resolve(caseId: number, by: Author, now: Date): Promise<boolean> {
      const rows = await db
        .update(feedbackCases)
        .set({ status: 'resolved', resolvedAt: now, resolvedBy: by, lastActivityAt: now })
        .where(and(eq(feedbackCases.id, caseId), sql`${feedbackCases.status} <> 'resolved'`))
        .returning({ id: feedbackCases.id });
      return rows.length > 0;
    },

    /** Reopens a resolved case as the business's turn; answers whether it did. */
    async reopen(caseId: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(feedbackCases)
        .set({ status: 'open', resolvedAt: null, resolvedBy: null, lastActivityAt: now })
        .where(and(eq(feedbackCases.id, caseId), eq(feedbackCases.status, 'resolved')))
        .returning({ id: feedbackCases.id });
      return rows.length > 0;
    },

    /** A business message with its case, for delivery. */
    async messageForDelivery(messageId: number) {
      const [message] = (await db
        .select(messageColumns)
        .from(feedbackMessages)
        .where(
          and(eq(feedbackMessages.id, messageId), eq(feedbackMessages.author, 'business')),
        )) as MessageRow[];
      if (!message) return undefined;
      const feedbackCase = await this.findForLink(message.caseId);
      return feedbackCase ? { message, feedbackCase } : undefined;
    },

    /** When a queued message will go out (null: now). */
    async scheduleMessage(messageId: number, sendAt: Date | null): Promise<void> {
      await db
        .update(feedbackMessages)
        .set({ sendAt })
        .where(and(eq(feedbackMessages.id, messageId), eq(feedbackMessages.deliveryStatus, 'queued')));
    },

    /**
     * What came of a queued message. One that will not reach the customer (not sent, failed) gives the turn
     * back to the business, if the case still waits on it.
     */
    async recordDelivery(
      messageId: number,
      outcome: {
        status: Exclude<FeedbackDeliveryStatus, 'queued'>;
        channel: FeedbackChannel | null;
        reason: string | null;
        outboundMessageId: number | null;
      },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const [message] = await tx
          .update(feedbackMessages)
          .set({
            deliveryStatus: outcome.status,
            channel: outcome.channel,
            deliveryReason: outcome.reason,
            outboundMessageId: outcome.outboundMessageId,
            sendAt: null,
          })
          .where(and(eq(feedbackMessages.id, messageId), eq(feedbackMessages.deliveryStatus, 'queued')))
          .returning({ caseId: feedbackMessages.caseId });
        if (!message || (outcome.status !== 'failed' && outcome.status !== 'not_sent')) return;
        const [last] = await tx
          .select({ id: feedbackMessages.id })
          .from(feedbackMessages)
          .where(eq(feedbackMessages.caseId, message.caseId))
          .orderBy(desc(feedbackMessages.id))
          .limit(1);
        if (last?.id !== messageId) return;
        await tx
          .update(feedbackCases)
          .set({ status: 'open' })
          .where(and(eq(feedbackCases.id, message.caseId), eq(feedbackCases.status, 'waiting')));
      });
    },
  };
}

export type FeedbackCasesRepository = ReturnType<typeof createFeedbackCasesRepository>;
