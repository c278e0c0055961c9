import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Channel } from '@shared/schemas/domain';
import { notificationTargets } from '@shared/schemas/notifications';
import type { Database } from '../../db/client';
import {
  contacts,
  jobs,
  locations,
  outboundMessages,
  reviewRequests,
  templates,
  users,
} from '../../db/schema';
import { recordConsent } from '../contacts/consent';
import { recordNotifications, type NewNotification } from '../notifications/record-notifications';

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

/** "A review request to Ann could not be sent", one per failed request, with the reason. */
async function requestFailedNotifications(
  tx: Executor,
  failed: { id: number; ownerId: number; contactId: number | null }[],
  reason: string,
): Promise<NewNotification[]> {
  if (failed.length === 0) return [];
  const contactIds = failed.map((r) => r.contactId).filter((id): id is number => id !== null);
  const names = contactIds.length
    ? await tx
        .select({ id: contacts.id, name: contacts.name })
        .from(contacts)
        .where(inArray(contacts.id, contactIds))
    : [];
  return failed.map((request) => {
    const name = names.find((c) => c.id === request.contactId)?.name;
    return {
      ownerId: request.ownerId,
      kind: 'request_failed' as const,
      title: name ? `A review request to ${name} was not delivered` : 'A review request was not delivered',
      body: reason,
      target: notificationTargets.request(request.id),
      reviewRequestId: request.id,
    };
  });
}

export function createDeliveryRepository(db: Database) {
  const defaultTemplate = alias(templates, 'default_template');
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
          createdAt: reviewRequests.createdAt,
          uniqueLink: reviewRequests.uniqueLink,
          contactId: contacts.id,
          contactName: contacts.name,
          contactEmail: contacts.email,
          contactPhone: contacts.phone,
          emailOptedOutAt: contacts.emailOptedOutAt,
          smsOptedOutAt: contacts.smsOptedOutAt,
          whatsappOptedOutAt: contacts.whatsappOptedOutAt,
          locationName: locations.name,
          companyName: users.companyName,
          ownerFirstName: users.firstName,
          chosenSubject: templates.subject,
          chosenBody: templates.body,
          defaultSubject: defaultTemplate.subject,
          defaultBody: defaultTemplate.body,
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

    /** Records the attempt and, when it went out (or into the outbox), marks the request sent. */
    async recordSent(id: number, claim: string, message: OutboundInsert, providerMessageId: string | null) {
      await db.transaction(async (tx) => {
        await tx.insert(outboundMessages).values(message);
        await tx
          .update(reviewRequests)
          .set({ status: 'sent', sentAt: sql`now()`, providerMessageId, failureReason: null })
          .where(and(eq(reviewRequests.id, id), eq(reviewRequests.providerMessageId, claim)));
      });
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
        await recordNotifications(tx, await requestFailedNotifications(tx, failed, reason));
      });
    },

    /** Twilio's delivery report: delivered moves sent forward only; failed/undelivered fails a sent request. */
    async applyProviderStatus(
      providerMessageId: string,
      update: { kind: 'delivered' } | { kind: 'failed'; reason: string },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        if (update.kind === 'delivered') {
          await tx
            .update(reviewRequests)
            .set({ status: 'delivered', deliveredAt: sql`now()` })
            .where(
              and(eq(reviewRequests.providerMessageId, providerMessageId), eq(reviewRequests.status, 'sent')),
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
          await recordNotifications(tx, await requestFailedNotifications(tx, failed, update.reason));
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

    async defaultTemplate(ownerId: number, channel: Channel) {
      const [row] = await db
        .select({ subject: templates.subject, body: templates.body })
        .from(templates)
        .where(
          and(eq(templates.ownerId, ownerId), eq(templates.channel, channel), eq(templates.isDefault, true)),
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
