import { and, asc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  contactConsentEvents,
  contacts,
  locations,
  notifications,
  notificationSettings,
  outboundMessages,
  plans,
  requestSettings,
  reviewRequestEvents,
  reviewRequests,
  reviews,
  templates,
  users,
} from '../../db/schema';

/** One value of a cell as stored; the service writes it as CSV text. */
export type Cell = string | number | boolean | Date | null | readonly string[] | Record<string, unknown>;

/** One file of the export: its header and its rows in pages by id (keyset), every query scoped to the owner. */
export interface Sheet {
  file: string;
  header: string[];
  /** The next page of rows after the row id `after` (0: the first page); empty when done. */
  page(after: number, size: number): Promise<{ id: number; cells: Cell[] }[]>;
}

const once =
  (rows: () => Promise<Cell[][]>): Sheet['page'] =>
  async (after) =>
    after > 0 ? [] : (await rows()).map((cells, i) => ({ id: i + 1, cells }));

/**
 * Everything a client owns, for "Export my data" (issue 11). Provider tokens and password hashes are left
 * out: the export is the owner's data, not the secrets that act for them.
 */
export function createDataExportRepository(db: Database) {
  return {
    sheets(ownerId: number): Sheet[] {
      return [
        {
          file: 'profile.csv',
          header: [
            'Account ID',
            'Email',
            'Email verified at',
            'First name',
            'Company name',
            'Plan',
            'Created at',
          ],
          page: once(async () => {
            const rows = await db
              .select({ user: users, plan: plans.name })
              .from(users)
              .leftJoin(plans, eq(plans.id, users.planId))
              .where(eq(users.id, ownerId));
            return rows.map(({ user, plan }) => [
              user.id,
              user.email,
              user.emailVerifiedAt,
              user.firstName,
              user.companyName,
              plan ?? 'Free',
              user.createdAt,
            ]);
          }),
        },
        {
          file: 'locations.csv',
          header: [
            'Location ID',
            'Name',
            'Address',
            'Google place ID',
            'Google review URL',
            'Facebook page URL',
            'Public link token',
            'Google location',
            'Google connected',
            'Facebook page ID',
            'Time zone',
            'Created at',
          ],
          async page(after, size) {
            const rows = await db
              .select()
              .from(locations)
              .where(and(eq(locations.ownerId, ownerId), gt(locations.id, after)))
              .orderBy(asc(locations.id))
              .limit(size);
            return rows.map((l) => ({
              id: l.id,
              cells: [
                l.id,
                l.name,
                l.address,
                l.googlePlaceId,
                l.googleReviewUrl,
                l.facebookPageUrl,
                l.publicLink,
                l.googleLocationId,
                l.googleAccessToken !== null,
                l.facebookPageId,
                l.timeZone,
                l.createdAt,
              ],
            }));
          },
        },
        {
          file: 'contacts.csv',
          header: [
            'Contact ID',
            'Name',
            'Email',
            'Phone',
            'Tags',
            'Time zone',
            'Email opted out at',
            'SMS opted out at',
            'WhatsApp opted out at',
            'Created at',
          ],
          async page(after, size) {
            const rows = await db
              .select()
              .from(contacts)
              .where(and(eq(contacts.ownerId, ownerId), gt(contacts.id, after)))
              .orderBy(asc(contacts.id))
              .limit(size);
            return rows.map((c) => ({
              id: c.id,
              cells: [
                c.id,
                c.name,
                c.email,
                c.phone,
                c.tags,
                c.timeZone,
                c.emailOptedOutAt,
                c.smsOptedOutAt,
                c.whatsappOptedOutAt,
                c.createdAt,
              ],
            }));
          },
        },
        {
          file: 'contact-consent-events.csv',
          header: ['Event ID', 'Contact ID', 'Channel', 'Kind', 'Source', 'Reason', 'At'],
          async page(after, size) {
            const rows = await db
              .select()
              .from(contactConsentEvents)
              .where(and(eq(contactConsentEvents.ownerId, ownerId), gt(contactConsentEvents.id, after)))
              .orderBy(asc(contactConsentEvents.id))
              .limit(size);
            return rows.map((e) => ({
              id: e.id,
              cells: [e.id, e.contactId, e.channel, e.kind, e.source, e.reason, e.createdAt],
            }));
          },
        },
        {
          file: 'review-requests.csv',
          header: [
            'Request ID',
            'Location ID',
            'Contact ID',
            'Method',
            'Status',
            'Failure reason',
            'Review link token',
            'Created at',
            'Sent at',
            'Delivered at',
            'Opened at',
            'Completed at',
            'Failed at',
            'Cancelled at',
            'Reminders sent',
            'Resent from request',
          ],
          async page(after, size) {
            const rows = await db
              .select()
              .from(reviewRequests)
              .where(and(eq(reviewRequests.ownerId, ownerId), gt(reviewRequests.id, after)))
              .orderBy(asc(reviewRequests.id))
              .limit(size);
            return rows.map((r) => ({
              id: r.id,
              cells: [
                r.id,
                r.locationId,
                r.contactId,
                r.method,
                r.status,
                r.failureReason,
                r.uniqueLink,
                r.createdAt,
                r.sentAt,
                r.deliveredAt,
                r.openedAt,
                r.completedAt,
                r.failedAt,
                r.cancelledAt,
                r.remindersSent,
                r.resentFromId,
              ],
            }));
          },
        },
        {
          file: 'review-request-events.csv',
          header: ['Event ID', 'Request ID', 'Kind', 'Detail', 'At'],
          async page(after, size) {
            const rows = await db
              .select()
              .from(reviewRequestEvents)
              .where(and(eq(reviewRequestEvents.ownerId, ownerId), gt(reviewRequestEvents.id, after)))
              .orderBy(asc(reviewRequestEvents.id))
              .limit(size);
            return rows.map((e) => ({
              id: e.id,
              cells: [e.id, e.reviewRequestId, e.kind, e.detail, e.createdAt],
            }));
          },
        },
        {
          file: 'reviews.csv',
          header: [
            'Review ID',
            'Location ID',
            'Source',
            'Rating',
            'Text',
            'Reviewer',
            'Contact ID',
            'Request ID',
            'Video URL',
            'Source URL',
            'External ID',
            'Created at',
            'Reply',
            'Replied at',
            'Reply published to',
            'Review links offered',
          ],
          async page(after, size) {
            const rows = await db
              .select()
              .from(reviews)
              .where(and(eq(reviews.ownerId, ownerId), gt(reviews.id, after)))
              .orderBy(asc(reviews.id))
              .limit(size);
            return rows.map((r) => ({
              id: r.id,
              cells: [
                r.id,
                r.locationId,
                r.type,
                r.rating,
                r.content,
                r.reviewerName,
                r.contactId,
                r.reviewRequestId,
                r.videoUrl,
                r.sourceUrl,
                r.externalId,
                r.createdAt,
                r.responseContent,
                r.respondedAt,
                r.responsePublishedTo,
                r.offeredLinks,
              ],
            }));
          },
        },
        {
          file: 'templates.csv',
          header: [
            'Template ID',
            'Name',
            'Channel',
            'Subject',
            'Body',
            'Default',
            'Created at',
            'Updated at',
          ],
          async page(after, size) {
            const rows = await db
              .select()
              .from(templates)
              .where(and(eq(templates.ownerId, ownerId), gt(templates.id, after)))
              .orderBy(asc(templates.id))
              .limit(size);
            return rows.map((t) => ({
              id: t.id,
              cells: [t.id, t.name, t.channel, t.subject, t.body, t.isDefault, t.createdAt, t.updatedAt],
            }));
          },
        },
        {
          file: 'outbound-messages.csv',
          header: [
            'Message ID',
            'Request ID',
            'Channel',
            'Transport',
            'Recipient',
            'Subject',
            'Text',
            'Status',
            'Error',
            'At',
          ],
          async page(after, size) {
            const rows = await db
              .select()
              .from(outboundMessages)
              .where(and(eq(outboundMessages.ownerId, ownerId), gt(outboundMessages.id, after)))
              .orderBy(asc(outboundMessages.id))
              .limit(size);
            return rows.map((m) => ({
              id: m.id,
              cells: [
                m.id,
                m.reviewRequestId,
                m.channel,
                m.transport,
                m.recipient,
                m.subject,
                m.body,
                m.status,
                m.error,
                m.createdAt,
              ],
            }));
          },
        },
        {
          file: 'notifications.csv',
          header: ['Notification ID', 'Kind', 'Title', 'Text', 'Link', 'Created at', 'Read at'],
          async page(after, size) {
            const rows = await db
              .select()
              .from(notifications)
              .where(and(eq(notifications.ownerId, ownerId), gt(notifications.id, after)))
              .orderBy(asc(notifications.id))
              .limit(size);
            return rows.map((n) => ({
              id: n.id,
              cells: [n.id, n.kind, n.title, n.body, n.target, n.createdAt, n.readAt],
            }));
          },
        },
        {
          file: 'notification-settings.csv',
          header: ['Instant alerts', 'Alert for ratings up to', 'Weekly digest', 'Updated at'],
          page: once(async () => {
            const rows = await db
              .select()
              .from(notificationSettings)
              .where(eq(notificationSettings.userId, ownerId));
            return rows.map((s) => [s.instantAlerts, s.alertMaxRating, s.weeklyDigest, s.updatedAt]);
          }),
        },
        {
          file: 'request-settings.csv',
          header: [
            'Reminders',
            'First reminder after (days)',
            'Second reminder after (days)',
            'Quiet hours',
            'Quiet from (minute of day)',
            'Quiet until (minute of day)',
            'Time zone',
            'Updated at',
          ],
          page: once(async () => {
            const rows = await db.select().from(requestSettings).where(eq(requestSettings.ownerId, ownerId));
            return rows.map((s) => [
              s.remindersEnabled,
              s.firstReminderDays,
              s.secondReminderDays,
              s.quietHoursEnabled,
              s.quietStart,
              s.quietEnd,
              s.timeZone,
              s.updatedAt,
            ]);
          }),
        },
      ];
    },
  };
}

export type DataExportRepository = ReturnType<typeof createDataExportRepository>;
