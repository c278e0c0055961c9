import type { Language } from '@shared/i18n/languages';
import { randomUUID } from 'node:crypto';
import {
  and,
  arrayContains,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  like,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import {
  contacts,
  jobs,
  locations,
  outboundMessages,
  reviewRequestEvents,
  reviewRequests,
  reviews,
  templates,
  users,
} from '../../db/schema';
import { enqueueMany } from '../../lib/queue/enqueue';
import type { Channel, RequestStatus } from '@shared/schemas/domain';
import type { RequestEventKind, ReviewRequest, ReviewRequestDetail } from '@shared/schemas/review-requests';
import { inScope, type Scope } from '../../db/scope';
import { recordContactEvents } from '../contacts';
import { recentAsks } from './contact-policy.repository';
import { recordRequestEvents } from './request-events.repository';
import { deliveryKey, requestJobKeyPatterns } from './sending-schedule';

/** The requests of `scope`: the client's, and for a location-limited member those at their locations. */
const requestsIn = (scope: Scope): SQL =>
  inScope(scope, { ownerId: reviewRequests.ownerId, locationId: reviewRequests.locationId });

export interface ContactForRequest {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  emailOptedOutAt: Date | null;
  smsOptedOutAt: Date | null;
  whatsappOptedOutAt: Date | null;
  timeZone: string | null;
  language: Language | null;
}

export interface NewRequest {
  contactId: number;
  uniqueLink: string;
  /** When the message may go out (quiet hours move it to the customer's morning). */
  runAt: Date;
  /** Said on the timeline when the message waits for quiet hours to end. */
  waiting?: string;
  resentFromId?: number;
}

const contactColumns = {
  id: contacts.id,
  name: contacts.name,
  email: contacts.email,
  phone: contacts.phone,
  emailOptedOutAt: contacts.emailOptedOutAt,
  smsOptedOutAt: contacts.smsOptedOutAt,
  whatsappOptedOutAt: contacts.whatsappOptedOutAt,
  timeZone: contacts.timeZone,
  language: contacts.language,
};

const listColumns = {
  id: reviewRequests.id,
  locationId: reviewRequests.locationId,
  locationName: locations.name,
  contactId: reviewRequests.contactId,
  contactName: contacts.name,
  method: reviewRequests.method,
  templateId: reviewRequests.templateId,
  uniqueLink: reviewRequests.uniqueLink,
  status: reviewRequests.status,
  failureReason: reviewRequests.failureReason,
  createdAt: reviewRequests.createdAt,
  queuedAt: reviewRequests.queuedAt,
  sentAt: reviewRequests.sentAt,
  deliveredAt: reviewRequests.deliveredAt,
  openedAt: reviewRequests.openedAt,
  completedAt: reviewRequests.completedAt,
  failedAt: reviewRequests.failedAt,
  cancelledAt: reviewRequests.cancelledAt,
  cancelReason: reviewRequests.cancelReason,
  remindersSent: reviewRequests.remindersSent,
  resentFromId: reviewRequests.resentFromId,
};

type Dates =
  | 'createdAt'
  | 'queuedAt'
  | 'sentAt'
  | 'deliveredAt'
  | 'openedAt'
  | 'completedAt'
  | 'failedAt'
  | 'cancelledAt';
type ListRow = Omit<ReviewRequest, Dates> & {
  createdAt: Date;
  queuedAt: Date;
  sentAt: Date | null;
  deliveredAt: Date | null;
  openedAt: Date | null;
  completedAt: Date | null;
  failedAt: Date | null;
  cancelledAt: Date | null;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toReviewRequest(row: ListRow): ReviewRequest {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    queuedAt: row.queuedAt.toISOString(),
    sentAt: iso(row.sentAt),
    deliveredAt: iso(row.deliveredAt),
    openedAt: iso(row.openedAt),
    completedAt: iso(row.completedAt),
    failedAt: iso(row.failedAt),
    cancelledAt: iso(row.cancelledAt),
  };
}

/** Statuses the owner may cancel: not yet reviewed, failed or cancelled. */
const CANCELLABLE = ['queued', 'outbox', 'sent', 'delivered', 'opened'] as const;

/** The client's default template of the channel, if they have one (else delivery uses the shipped one). */
async function defaultTemplateId(tx: Transaction, ownerId: number, method: Channel) {
  const [row] = await tx
    .select({ id: templates.id })
    .from(templates)
    .where(and(eq(templates.ownerId, ownerId), eq(templates.channel, method), eq(templates.isDefault, true)));
  return row?.id ?? null;
}

export function createReviewRequestsRepository(db: Database) {
  /**
   * One request row per contact and one delivery job per request, due when quiet hours allow, with the
   * first steps of each timeline, all in one transaction.
   */
  async function insertWithJobs(
    ownerId: number,
    locationId: number,
    method: Channel,
    requests: NewRequest[],
    options: {
      templateId?: number;
      /** The contact policy, first in the transaction: the requests that may go (it may throw 409). */
      screen?: (tx: Transaction, requests: NewRequest[]) => Promise<NewRequest[]>;
      /** How many of the requests the client's plan allows, asked inside the transaction (it may throw 402). */
      reserve?: (tx: Transaction, wanted: number) => Promise<number>;
      /** Said on each contact's timeline beside the ask: where it came from. */
      askedFrom?: string;
    } = {},
  ): Promise<number[]> {
    if (requests.length === 0) return [];
    return db.transaction(async (tx) => {
      if (options.screen) requests = await options.screen(tx, requests);
      if (options.reserve && requests.length > 0)
        requests = requests.slice(0, await options.reserve(tx, requests.length));
      if (requests.length === 0) return [];
      const templateId = options.templateId ?? (await defaultTemplateId(tx, ownerId, method));
      const rows = await tx
        .insert(reviewRequests)
        .values(
          requests.map((r) => ({
            ownerId,
            locationId,
            method,
            templateId,
            status: 'queued' as const,
            contactId: r.contactId,
            uniqueLink: r.uniqueLink,
            resentFromId: r.resentFromId ?? null,
          })),
        )
        .returning({ id: reviewRequests.id });
      const ids = rows.map((r) => r.id);
      await enqueueMany(
        tx,
        'deliver-review-request',
        ids.map((id, i) => ({
          payload: { reviewRequestId: id },
          dedupeKey: deliveryKey(id),
          runAt: requests[i]!.runAt,
        })),
      );
      await recordRequestEvents(
        tx,
        ids.flatMap((id, i) => {
          const request = requests[i]!;
          return [
            {
              ownerId,
              reviewRequestId: id,
              kind: 'created' as const,
              detail: request.resentFromId ? `Resends request #${request.resentFromId}` : null,
            },
            ...(request.waiting
              ? [{ ownerId, reviewRequestId: id, kind: 'waiting' as const, detail: request.waiting }]
              : []),
          ];
        }),
      );
      await recordContactEvents(
        tx,
        ids.map((id, i) => ({
          ownerId,
          contactId: requests[i]!.contactId,
          kind: 'asked' as const,
          channel: method,
          detail: options.askedFrom ?? '',
          reviewRequestId: id,
        })),
      );
      return ids;
    });
  }

  async function findById(scope: Scope, id: number): Promise<ReviewRequest | undefined> {
    const [row] = await db
      .select(listColumns)
      .from(reviewRequests)
      .leftJoin(contacts, eq(contacts.id, reviewRequests.contactId))
      .leftJoin(locations, eq(locations.id, reviewRequests.locationId))
      .where(and(requestsIn(scope), eq(reviewRequests.id, id)));
    return row ? toReviewRequest(row) : undefined;
  }

  return {
    insertWithJobs,

    /** The client's location, unless it is outside a location-limited member's scope. */
    async findLocation(scope: Scope, id: number) {
      const [row] = await db
        .select({
          id: locations.id,
          name: locations.name,
          publicLink: locations.publicLink,
          timeZone: locations.timeZone,
          defaultLanguage: locations.defaultLanguage,
        })
        .from(locations)
        .where(
          and(inScope(scope, { ownerId: locations.ownerId, locationId: locations.id }), eq(locations.id, id)),
        );
      return row;
    },

    async findContact(ownerId: number, id: number): Promise<ContactForRequest | undefined> {
      const [row] = await db
        .select(contactColumns)
        .from(contacts)
        .where(and(eq(contacts.ownerId, ownerId), eq(contacts.id, id)));
      return row;
    },

    async findContactsByIds(ownerId: number, ids: number[]): Promise<ContactForRequest[]> {
      if (ids.length === 0) return [];
      return db
        .select(contactColumns)
        .from(contacts)
        .where(and(eq(contacts.ownerId, ownerId), inArray(contacts.id, ids)))
        .orderBy(asc(contacts.id));
    },

    /** Up to `limit` contacts carrying the tag (the GIN index on tags answers `@>`). */
    async findContactsByTag(ownerId: number, tag: string, limit: number): Promise<ContactForRequest[]> {
      return db
        .select(contactColumns)
        .from(contacts)
        .where(and(eq(contacts.ownerId, ownerId), arrayContains(contacts.tags, [tag])))
        .orderBy(asc(contacts.id))
        .limit(limit);
    },

    findById,

    /** The request and every step of its timeline, oldest first. */
    async findDetail(scope: Scope, id: number): Promise<ReviewRequestDetail | undefined> {
      const request = await findById(scope, id);
      if (!request) return undefined;
      const events = await db
        .select({
          kind: reviewRequestEvents.kind,
          detail: reviewRequestEvents.detail,
          createdAt: reviewRequestEvents.createdAt,
        })
        .from(reviewRequestEvents)
        .where(
          and(eq(reviewRequestEvents.reviewRequestId, id), eq(reviewRequestEvents.ownerId, scope.ownerId)),
        )
        .orderBy(asc(reviewRequestEvents.id));
      return {
        ...request,
        events: events.map((e) => ({
          kind: e.kind as RequestEventKind,
          detail: e.detail,
          createdAt: e.createdAt.toISOString(),
        })),
      };
    },

    /** The message a send would use: the client's default template of the channel, and their business name. */
    /** The client's default template for the channel in the customer's language, and the business's name. */
    async messageContext(ownerId: number, method: Channel, language: Language) {
      const [template] = await db
        .select({ subject: templates.subject, body: templates.body })
        .from(templates)
        .where(
          and(
            eq(templates.ownerId, ownerId),
            eq(templates.channel, method),
            eq(templates.language, language),
            eq(templates.isDefault, true),
          ),
        );
      const [owner] = await db
        .select({ companyName: users.companyName })
        .from(users)
        .where(eq(users.id, ownerId));
      return { template, companyName: owner?.companyName ?? '' };
    },

    /** Each contact's last ask inside the window (see contact-policy.ts). */
    recentAsks: (ownerId: number, contactIds: number[], windowDays: number) =>
      recentAsks(db, ownerId, contactIds, windowDays),

    async recentAsk(ownerId: number, contactId: number, windowDays: number) {
      return (await recentAsks(db, ownerId, [contactId], windowDays)).get(contactId);
    },

    /** Adds lines to contacts' timelines outside a send (the contacts a send left out). */
    recordContactEvents: (events: Parameters<typeof recordContactEvents>[1]) =>
      recordContactEvents(db, events),

    /** Does the client own this template, and for which channel? */
    async findTemplate(ownerId: number, id: number) {
      const [row] = await db
        .select({ id: templates.id, channel: templates.channel })
        .from(templates)
        .where(and(eq(templates.ownerId, ownerId), eq(templates.id, id)));
      return row;
    },

    /** A one-off link for the owner to hand out (no contact, no message): it counts as sent at once. */
    async insertLink(ownerId: number, locationId: number, uniqueLink: string): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(reviewRequests)
          .values({ ownerId, locationId, method: 'link', status: 'sent', uniqueLink, sentAt: sql`now()` })
          .returning({ id: reviewRequests.id });
        await recordRequestEvents(tx, [
          { ownerId, reviewRequestId: row!.id, kind: 'created', detail: 'A one-off link to share by hand' },
        ]);
        return row!.id;
      });
    },

    /**
     * Cancels a request that has no review yet: a queued message is not sent (unless a worker is sending it
     * this very moment: then nothing changes), and no reminder follows. Answers whether it was cancelled.
     */
    async cancel(scope: Scope, id: number): Promise<boolean> {
      const { ownerId } = scope;
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(reviewRequests)
          .set({ status: 'cancelled', cancelledAt: sql`now()` })
          .where(
            and(
              requestsIn(scope),
              eq(reviewRequests.id, id),
              inArray(reviewRequests.status, [...CANCELLABLE]),
              sql`coalesce(${reviewRequests.providerMessageId}, '') not like 'claim:%'`,
            ),
          )
          .returning({ id: reviewRequests.id });
        if (!row) return false;
        const dropped = await tx
          .delete(jobs)
          .where(
            and(
              eq(jobs.status, 'pending'),
              or(...requestJobKeyPatterns(id).map((pattern) => like(jobs.dedupeKey, pattern))),
            ),
          )
          .returning({ queue: jobs.queue });
        await recordRequestEvents(tx, [
          { ownerId, reviewRequestId: id, kind: 'cancelled', detail: null },
          ...(dropped.some((j) => j.queue === 'send-request-reminder')
            ? [
                {
                  ownerId,
                  reviewRequestId: id,
                  kind: 'reminder_cancelled' as const,
                  detail: 'The request was cancelled',
                },
              ]
            : []),
        ]);
        return true;
      });
    },

    /**
     * Queues a failed (or outboxed) request again under a fresh job; answers false when it is in another
     * state by now.
     */
    async retry(scope: Scope, id: number, runAt: Date, waiting?: string): Promise<boolean> {
      const { ownerId } = scope;
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(reviewRequests)
          .set({
            status: 'queued',
            failureReason: null,
            failedAt: null,
            sentAt: null,
            providerMessageId: null,
            queuedAt: sql`now()`,
          })
          .where(
            and(
              requestsIn(scope),
              eq(reviewRequests.id, id),
              inArray(reviewRequests.status, ['failed', 'outbox']),
            ),
          )
          .returning({ id: reviewRequests.id });
        if (!row) return false;
        await enqueueMany(tx, 'deliver-review-request', [
          { payload: { reviewRequestId: id }, dedupeKey: `${deliveryKey(id)}:retry-${randomUUID()}`, runAt },
        ]);
        await recordRequestEvents(tx, [
          { ownerId, reviewRequestId: id, kind: 'retried', detail: null },
          ...(waiting ? [{ ownerId, reviewRequestId: id, kind: 'waiting' as const, detail: waiting }] : []),
        ]);
        return true;
      });
    },

    /** The resend's old request gets a step pointing at the new one. */
    async recordResent(ownerId: number, fromId: number, newId: number): Promise<void> {
      await recordRequestEvents(db, [
        { ownerId, reviewRequestId: fromId, kind: 'resent', detail: `New request #${newId}` },
      ]);
    },

    /**
     * A page of the no-gating audit: each message sent for a request (oldest first, after `afterId`) with
     * what its customer was offered after rating.
     */
    async auditPage(scope: Scope, afterId: number, limit: number) {
      return db
        .select({
          id: outboundMessages.id,
          createdAt: outboundMessages.createdAt,
          channel: outboundMessages.channel,
          transport: outboundMessages.transport,
          status: outboundMessages.status,
          recipient: outboundMessages.recipient,
          subject: outboundMessages.subject,
          body: outboundMessages.body,
          idempotencyKey: outboundMessages.idempotencyKey,
          reviewRequestId: outboundMessages.reviewRequestId,
          contactName: contacts.name,
          rating: reviews.rating,
          reviewedAt: reviews.createdAt,
          offeredLinks: reviews.offeredLinks,
        })
        .from(outboundMessages)
        .innerJoin(
          reviewRequests,
          and(
            eq(reviewRequests.id, outboundMessages.reviewRequestId),
            eq(reviewRequests.ownerId, outboundMessages.ownerId),
          ),
        )
        .leftJoin(contacts, eq(contacts.id, reviewRequests.contactId))
        .leftJoin(reviews, eq(reviews.reviewRequestId, reviewRequests.id))
        .where(
          and(
            eq(outboundMessages.ownerId, scope.ownerId),
            isNotNull(outboundMessages.reviewRequestId),
            gt(outboundMessages.id, afterId),
            requestsIn(scope),
          ),
        )
        .orderBy(asc(outboundMessages.id))
        .limit(limit);
    },

    /** Newest first, with the contact's and location's names, in one query; and the total. */
    async list(
      scope: Scope,
      options: { status?: RequestStatus; limit: number; offset: number },
    ): Promise<{ rows: ReviewRequest[]; total: number }> {
      const where = and(
        requestsIn(scope),
        options.status ? eq(reviewRequests.status, options.status) : undefined,
      );
      const [rows, [totalRow]] = await Promise.all([
        db
          .select(listColumns)
          .from(reviewRequests)
          .leftJoin(contacts, eq(contacts.id, reviewRequests.contactId))
          .leftJoin(locations, eq(locations.id, reviewRequests.locationId))
          .where(where)
          .orderBy(desc(reviewRequests.createdAt), desc(reviewRequests.id))
          .limit(options.limit)
          .offset(options.offset),
        db.select({ total: count() }).from(reviewRequests).where(where),
      ]);
      return { rows: rows.map(toReviewRequest), total: totalRow?.total ?? 0 };
    },
  };
}

export type ReviewRequestsRepository = ReturnType<typeof createReviewRequestsRepository>;
