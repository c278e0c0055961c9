import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DEFAULT_LANGUAGE, type Language } from '@shared/i18n/languages';
import type { Channel } from '@shared/schemas/domain';
import { requestStatusText } from '@shared/schemas/review-requests';
import type { EventBus, EventExecutor } from '../../lib/events';
import type { Database } from '../../db/client';
import { messageLanguageSql } from '../../db/customer-language';
import {
  contacts,
  jobs,
  locations,
  outboundMessages,
  reviewRequests,
  templates,
  users,
} from '../../db/schema';
import { recordConsent } from '../contacts';
import { recordRequestEvents, scheduleReminder, type SendingRules } from '../review-requests';

export type OutboundInsert = typeof outboundMessages.$inferInsert;

const OPT_OUT_COLUMN = {
  email: contacts.emailOptedOutAt,
  sms: contacts.smsOptedOutAt,
  whatsapp: contacts.whatsappOptedOutAt,
} as const;

const OPT_OUT_KEY = {
  email: 'emailOptedOutAt',
  sms: 'smsOptedOutAt',
  whatsapp: 'whatsappOptedOutAt',
} as const;

const OPT_OUT_SOURCE_COLUMN = {
  email: contacts.emailOptOutSource,
  sms: contacts.smsOptOutSource,
  whatsapp: contacts.whatsappOptOutSource,
} as const;

const OPT_OUT_SOURCE_KEY = {
  email: 'emailOptOutSource',
  sms: 'smsOptOutSource',
  whatsapp: 'whatsappOptOutSource',
} as const;

/** The claim a worker writes into providerMessageId while it sends (see claim()). */
export const claimFor = (jobId: number, attempt: number) => `claim:${jobId}:${attempt}`;

type Executor = Pick<Database, 'select'>;

/** The failed requests as the `review_requests.failed` event names them: by their contact when there is one. */
async function namedRequests(
  tx: Executor,
  failed: { id: number; ownerId: number; contactId: number | null }[],
) {
  const contactIds = failed.map((r) => r.contactId).filter((id): id is number => id !== null);
  const names = contactIds.length
    ? await tx
        .select({ id: contacts.id, name: contacts.name })
        .from(contacts)
        .where(inArray(contacts.id, contactIds))
    : [];
  return failed.map((request) => ({
    id: request.id,
    ownerId: request.ownerId,
    contactName: names.find((c) => c.id === request.contactId)?.name ?? null,
  }));
}

const outboxDetail = (channel: Channel) => requestStatusText('outbox', channel);

const failedEvents = (failed: { id: number; ownerId: number }[], reason: string) =>
  failed.map((r) => ({ ownerId: r.ownerId, reviewRequestId: r.id, kind: 'failed' as const, detail: reason }));

export function createDeliveryRepository(db: Database, events: EventBus) {
  const defaultTemplate = alias(templates, 'default_template');

  /** Failed requests: their timelines say why, and the `review_requests.failed` event tells the bell. */
  async function requestsFailed(
    tx: EventExecutor,
    failed: { id: number; ownerId: number; contactId: number | null }[],
    reason: string,
  ) {
    if (failed.length === 0) return;
    await recordRequestEvents(tx, failedEvents(failed, reason));
    await events.emit(tx, {
      type: 'review_requests.failed',
      requests: await namedRequests(tx, failed),
      reason,
    });
  }

  return {
    /** The request with everything a message needs, in one query (its template: the chosen one, else the client's default). */
    async loadForDelivery(id: number) {
      const [row] = await db
        .select({
          id: reviewRequests.id,
          ownerId: reviewRequests.ownerId,
          method: reviewRequests.method,
          status: reviewRequests.status,
          sentAt: reviewRequests.sentAt,
          queuedAt: reviewRequests.queuedAt,
          completedAt: reviewRequests.completedAt,
          remindersSent: reviewRequests.remindersSent,
          uniqueLink: reviewRequests.uniqueLink,
          contactId: contacts.id,
          contactName: contacts.name,
          contactEmail: contacts.email,
          contactPhone: contacts.phone,
          emailOptedOutAt: contacts.emailOptedOutAt,
          smsOptedOutAt: contacts.smsOptedOutAt,
          whatsappOptedOutAt: contacts.whatsappOptedOutAt,
          contactTimeZone: contacts.timeZone,
          locationName: locations.name,
          locationTimeZone: locations.timeZone,
          companyName: users.companyName,
          ownerEmail: users.email,
          ownerFirstName: users.firstName,
          chosenSubject: templates.subject,
          chosenBody: templates.body,
          defaultSubject: defaultTemplate.subject,
          defaultBody: defaultTemplate.body,
          language: messageLanguageSql,
        })
        .from(reviewRequests)
        .innerJoin(users, eq(users.id, reviewRequests.ownerId))
        .innerJoin(locations, eq(locations.id, reviewRequests.locationId))
        .leftJoin(
          contacts,
          and(eq(contacts.id, reviewRequests.contactId), eq(contacts.ownerId, reviewRequests.ownerId)),
        )
        .leftJoin(
          templates,
          and(
            eq(templates.id, reviewRequests.templateId),
            eq(templates.ownerId, reviewRequests.ownerId),
            eq(templates.channel, reviewRequests.method),
          ),
        )
        .leftJoin(
          defaultTemplate,
          and(
            eq(defaultTemplate.ownerId, reviewRequests.ownerId),
            eq(defaultTemplate.channel, reviewRequests.method),
            eq(defaultTemplate.language, messageLanguageSql),
            eq(defaultTemplate.isDefault, true),
          ),
        )
        .where(eq(reviewRequests.id, id));
      return row;
    },

    /**
     * Takes the right to send this request: only while it is queued and unsent, and nobody else holds a live
     * claim (a claim whose job is no longer running with that attempt was left by a crashed worker).
     */
    async claim(id: number, claim: string): Promise<boolean> {
      const rows = await db
        .update(reviewRequests)
        .set({ providerMessageId: claim })
        .where(
          and(
            eq(reviewRequests.id, id),
            eq(reviewRequests.status, 'queued'),
            isNull(reviewRequests.sentAt),
            sql`(${reviewRequests.providerMessageId} is null or (
              ${reviewRequests.providerMessageId} like 'claim:%' and not exists (
                select 1 from ${jobs} where ${jobs.status} = 'running'
                  and ${reviewRequests.providerMessageId} = 'claim:' || ${jobs.id} || ':' || ${jobs.attempts})))`,
          ),
        )
        .returning({ id: reviewRequests.id });
      return rows.length === 1;
    },

    async releaseClaim(id: number, claim: string): Promise<void> {
      await db
        .update(reviewRequests)
        .set({ providerMessageId: null })
        .where(and(eq(reviewRequests.id, id), eq(reviewRequests.providerMessageId, claim)));
    },

    /**
     * Records the message and marks the request sent, or `outbox` when it was kept there; a sent request gets
     * its first reminder scheduled, in the same transaction.
     */
    async recordSent(
      id: number,
      claim: string,
      message: OutboundInsert,
      providerMessageId: string | null,
      outcome: {
        status: 'sent' | 'outbox';
        sentAt: Date;
        reminders?: { rules: SendingRules; timeZone: string | null };
      },
    ) {
      await db.transaction(async (tx) => {
        await tx.insert(outboundMessages).values(message);
        const [request] = await tx
          .update(reviewRequests)
          .set({ status: outcome.status, sentAt: outcome.sentAt, providerMessageId, failureReason: null })
          .where(and(eq(reviewRequests.id, id), eq(reviewRequests.providerMessageId, claim)))
          .returning({ ownerId: reviewRequests.ownerId });
        if (!request) return;
        await recordRequestEvents(tx, [
          {
            ownerId: request.ownerId,
            reviewRequestId: id,
            kind: outcome.status,
            detail: outcome.status === 'sent' ? `To ${message.recipient}` : outboxDetail(message.channel),
          },
        ]);
        if (outcome.reminders)
          await scheduleReminder(tx, {
            ownerId: request.ownerId,
            reviewRequestId: id,
            reminder: 1,
            sentAt: outcome.sentAt,
            ...outcome.reminders,
          });
      });
    },

    /** A reminder went out: counted on the request, on its timeline, and the next one scheduled. */
    async recordReminderSent(
      request: { id: number; ownerId: number },
      reminder: number,
      message: OutboundInsert,
      schedule: { rules: SendingRules; timeZone: string | null; sentAt: Date },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(outboundMessages).values(message).onConflictDoNothing();
        await tx
          .update(reviewRequests)
          .set({ remindersSent: reminder })
          .where(and(eq(reviewRequests.id, request.id), sql`${reviewRequests.remindersSent} < ${reminder}`));
        await recordRequestEvents(tx, [
          {
            ownerId: request.ownerId,
            reviewRequestId: request.id,
            kind: message.status === 'outbox' ? 'outbox' : 'reminder_sent',
            detail:
              message.status === 'outbox'
                ? `Reminder ${reminder}: ${outboxDetail(message.channel)}`
                : `Reminder ${reminder} to ${message.recipient}`,
          },
        ]);
        await scheduleReminder(tx, {
          ownerId: request.ownerId,
          reviewRequestId: request.id,
          reminder: reminder + 1,
          ...schedule,
        });
      });
    },

    async recordReminderCancelled(request: { id: number; ownerId: number }, reason: string): Promise<void> {
      await recordRequestEvents(db, [
        { ownerId: request.ownerId, reviewRequestId: request.id, kind: 'reminder_cancelled', detail: reason },
      ]);
    },

    /**
     * The message sent (or kept in the outbox) under `idempotencyKey`, by an attempt that stopped before its
     * sender recorded what came of it; a failure keeps no key.
     */
    async sentUnder(idempotencyKey: string): Promise<{ id: number; status: string } | undefined> {
      const [row] = await db
        .select({ id: outboundMessages.id, status: outboundMessages.status })
        .from(outboundMessages)
        .where(eq(outboundMessages.idempotencyKey, idempotencyKey));
      return row;
    },

    async recordAttempt(message: OutboundInsert): Promise<number> {
      const [row] = await db.insert(outboundMessages).values(message).returning({ id: outboundMessages.id });
      return row!.id;
    },

    /** Fails a request that was never sent (the claim, if any, is dropped); the owner's bell is told. */
    async markFailed(id: number, reason: string): Promise<void> {
      await db.transaction(async (tx) => {
        const failed = await tx
          .update(reviewRequests)
          .set({ status: 'failed', failureReason: reason, failedAt: sql`now()`, providerMessageId: null })
          .where(
            and(
              eq(reviewRequests.id, id),
              eq(reviewRequests.status, 'queued'),
              isNull(reviewRequests.sentAt),
            ),
          )
          .returning({
            id: reviewRequests.id,
            ownerId: reviewRequests.ownerId,
            contactId: reviewRequests.contactId,
          });
        await requestsFailed(tx, failed, reason);
      });
    },

    /** Twilio's delivery report: delivered moves sent forward only; failed/undelivered fails a sent request. */
    async applyProviderStatus(
      providerMessageId: string,
      update: { kind: 'delivered' } | { kind: 'failed'; reason: string },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        if (update.kind === 'delivered') {
          const delivered = await tx
            .update(reviewRequests)
            .set({ status: 'delivered', deliveredAt: sql`now()` })
            .where(
              and(eq(reviewRequests.providerMessageId, providerMessageId), eq(reviewRequests.status, 'sent')),
            )
            .returning({ id: reviewRequests.id, ownerId: reviewRequests.ownerId });
          await recordRequestEvents(
            tx,
            delivered.map((r) => ({ ownerId: r.ownerId, reviewRequestId: r.id, kind: 'delivered' as const })),
          );
        } else {
          const failed = await tx
            .update(reviewRequests)
            .set({ status: 'failed', failureReason: update.reason, failedAt: sql`now()` })
            .where(
              and(
                eq(reviewRequests.providerMessageId, providerMessageId),
                inArray(reviewRequests.status, ['sent', 'delivered']),
              ),
            )
            .returning({
              id: reviewRequests.id,
              ownerId: reviewRequests.ownerId,
              contactId: reviewRequests.contactId,
            });
          await requestsFailed(tx, failed, update.reason);
        }
        await tx
          .update(outboundMessages)
          .set(
            update.kind === 'delivered'
              ? { status: 'delivered' }
              : { status: 'failed', error: update.reason },
          )
          .where(eq(outboundMessages.providerMessageId, providerMessageId));
      });
    },

    /**
     * STOP from a phone opts that number out of the channel in every client (Twilio's sender is shared, and
     * the carrier blocks it for all of them alike). START re-subscribes only what a STOP removed: an
     * opt-out the owner recorded, or one made with an email's unsubscribe link, stays. Each change is
     * added to the contact's consent record.
     */
    async setPhoneOptOut(phone: string, channel: 'sms' | 'whatsapp', optedOut: boolean): Promise<number> {
      const at = OPT_OUT_COLUMN[channel];
      const source = OPT_OUT_SOURCE_COLUMN[channel];
      return db.transaction(async (tx) => {
        const changed = await tx
          .update(contacts)
          .set(
            optedOut
              ? {
                  [OPT_OUT_KEY[channel]]: sql`now()`,
                  [OPT_OUT_SOURCE_KEY[channel]]: 'sms_stop',
                  updatedAt: sql`now()`,
                }
              : { [OPT_OUT_KEY[channel]]: null, [OPT_OUT_SOURCE_KEY[channel]]: null, updatedAt: sql`now()` },
          )
          .where(and(eq(contacts.phone, phone), optedOut ? isNull(at) : eq(source, 'sms_stop')))
          .returning({ id: contacts.id, ownerId: contacts.ownerId });
        await recordConsent(
          tx,
          changed.map((contact) => ({
            ownerId: contact.ownerId,
            contactId: contact.id,
            channel,
            kind: optedOut ? ('opt_out' as const) : ('opt_in' as const),
            source: optedOut ? ('sms_stop' as const) : ('sms_start' as const),
          })),
        );
        return changed.length;
      });
    },

    /** Answers whether the contact exists; an already opted-out contact keeps its first date and source. */
    /** The contact's own language, if they have one (the unsubscribe pages speak it). */
    async contactLanguage(contactId: number): Promise<Language | null> {
      const [row] = await db
        .select({ language: contacts.language })
        .from(contacts)
        .where(eq(contacts.id, contactId));
      return row?.language ?? null;
    },

    async optOutEmail(contactId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ ownerId: contacts.ownerId, optedOutAt: contacts.emailOptedOutAt })
          .from(contacts)
          .where(eq(contacts.id, contactId))
          .for('update');
        if (!before) return false;
        if (before.optedOutAt) return true;
        await tx
          .update(contacts)
          .set({ emailOptedOutAt: sql`now()`, emailOptOutSource: 'unsubscribe_link', updatedAt: sql`now()` })
          .where(eq(contacts.id, contactId));
        await recordConsent(tx, [
          {
            ownerId: before.ownerId,
            contactId,
            channel: 'email',
            kind: 'opt_out',
            source: 'unsubscribe_link',
          },
        ]);
        return true;
      });
    },

    /** The client's English default (the test email is written to the owner). */
    async defaultTemplate(ownerId: number, channel: Channel) {
      const [row] = await db
        .select({ subject: templates.subject, body: templates.body })
        .from(templates)
        .where(
          and(
            eq(templates.ownerId, ownerId),
            eq(templates.channel, channel),
            eq(templates.language, DEFAULT_LANGUAGE),
            eq(templates.isDefault, true),
          ),
        );
      return row;
    },

    async companyName(ownerId: number): Promise<string | undefined> {
      const [row] = await db
        .select({ companyName: users.companyName })
        .from(users)
        .where(eq(users.id, ownerId));
      return row?.companyName;
    },
  };
}

export type DeliveryRepository = ReturnType<typeof createDeliveryRepository>;
