import { and, asc, eq, getTableColumns, gt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  apiKeys,
  contactConsentEvents,
  contacts,
  feedbackCases,
  feedbackMessages,
  locations,
  notifications,
  notificationSettings,
  outboundMessages,
  plans,
  pushSubscriptions,
  replySettings,
  requestSettings,
  reviewRequestEvents,
  reviewRequests,
  reviews,
  teamInvitations,
  teamMembers,
  templates,
  users,
  webhookDeliveries,
  webhookEndpoints,
  widgetSettings,
} from '../../db/schema';
import { readAtBy, readMarkOf } from '../notifications';

/** One value of a cell as stored; the service writes it as CSV text. */
export type Cell = string | number | boolean | Date | null | readonly string[] | Record<string, unknown>;

/** One file of the export: its header and its rows in pages by id (keyset), every query scoped to the owner. */
export interface Sheet {
  file: string;
  header: string[];
  /** The next page of rows after the row id `after` (0: the first page); empty when done. */
  page(after: number, size: number): Promise<{ id: number; cells: Cell[] }[]>;
}

type OwnedTable =
  | typeof locations
  | typeof contacts
  | typeof contactConsentEvents
  | typeof reviewRequests
  | typeof reviewRequestEvents
  | typeof reviews
  | typeof feedbackCases
  | typeof templates
  | typeof outboundMessages
  | typeof apiKeys
  | typeof webhookEndpoints
  | typeof webhookDeliveries;

const once =
  (rows: () => Promise<Cell[][]>): Sheet['page'] =>
  async (after) =>
    after > 0 ? [] : (await rows()).map((cells, i) => ({ id: i + 1, cells }));

/** A list of ids as cells take it; a team member's null locations mean all of them. */
const idList = (ids: number[] | null): Cell => (ids ? ids.map(String) : 'All');

/**
 * Everything a client owns, for "Export my data" (issue 11, and issue 16's widget, API keys, webhooks and
 * team). Provider tokens, password hashes, API key hashes, webhook signing secrets and invitation tokens are
 * left out: the export is the owner's data, not the secrets that act for them.
 */
export function createDataExportRepository(db: Database) {
  return {
    sheets(ownerId: number): Sheet[] {
      /** A table of the owner's rows, paged by id: the same keyset query for each. */
      const byOwner =
        <T extends OwnedTable>(table: T, cells: (row: T['$inferSelect']) => Cell[]): Sheet['page'] =>
        async (after, size) => {
          // Every OwnedTable has the same id and owner_id columns; one shape lets Drizzle type the query.
          const t = table as unknown as typeof contacts;
          const rows = (await db
            .select()
            .from(t)
            .where(and(eq(t.ownerId, ownerId), gt(t.id, after)))
            .orderBy(asc(t.id))
            .limit(size)) as unknown as T['$inferSelect'][];
          return rows.map((row) => ({ id: row.id, cells: cells(row) }));
        };

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
            "Customers' language",
            'Created at',
          ],
          page: byOwner(locations, (l) => [
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
            l.defaultLanguage,
            l.createdAt,
          ]),
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
            'Language',
            'Email opted out at',
            'SMS opted out at',
            'WhatsApp opted out at',
            'Created at',
          ],
          page: byOwner(contacts, (c) => [
            c.id,
            c.name,
            c.email,
            c.phone,
            c.tags,
            c.timeZone,
            c.language,
            c.emailOptedOutAt,
            c.smsOptedOutAt,
            c.whatsappOptedOutAt,
            c.createdAt,
          ]),
        },
        {
          file: 'contact-consent-events.csv',
          header: ['Event ID', 'Contact ID', 'Channel', 'Kind', 'Source', 'Reason', 'At'],
          page: byOwner(contactConsentEvents, (e) => [
            e.id,
            e.contactId,
            e.channel,
            e.kind,
            e.source,
            e.reason,
            e.createdAt,
          ]),
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
          page: byOwner(reviewRequests, (r) => [
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
          ]),
        },
        {
          file: 'review-request-events.csv',
          header: ['Event ID', 'Request ID', 'Kind', 'Detail', 'At'],
          page: byOwner(reviewRequestEvents, (e) => [e.id, e.reviewRequestId, e.kind, e.detail, e.createdAt]),
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
          page: byOwner(reviews, (r) => [
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
          ]),
        },
        {
          file: 'feedback-cases.csv',
          header: [
            'Case ID',
            'Review ID',
            'Contact ID',
            'Status',
            'Opened at',
            'Last activity at',
            'Resolved at',
            'Resolved by',
          ],
          page: byOwner(feedbackCases, (c) => [
            c.id,
            c.reviewId,
            c.contactId,
            c.status,
            c.openedAt,
            c.lastActivityAt,
            c.resolvedAt,
            c.resolvedBy,
          ]),
        },
        {
          file: 'feedback-messages.csv',
          header: ['Message ID', 'Case ID', 'From', 'Text', 'Channel', 'Delivery', 'Why not sent', 'At'],
          page: async (after, size) => {
            const rows = await db
              .select(getTableColumns(feedbackMessages))
              .from(feedbackMessages)
              .innerJoin(feedbackCases, eq(feedbackCases.id, feedbackMessages.caseId))
              .where(and(eq(feedbackCases.ownerId, ownerId), gt(feedbackMessages.id, after)))
              .orderBy(asc(feedbackMessages.id))
              .limit(size);
            return rows.map((m) => ({
              id: m.id,
              cells: [
                m.id,
                m.caseId,
                m.author,
                m.body,
                m.channel,
                m.deliveryStatus,
                m.deliveryReason,
                m.createdAt,
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
            'Language',
            'Subject',
            'Body',
            'Default',
            'Created at',
            'Updated at',
          ],
          page: byOwner(templates, (t) => [
            t.id,
            t.name,
            t.channel,
            t.language,
            t.subject,
            t.body,
            t.isDefault,
            t.createdAt,
            t.updatedAt,
          ]),
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
          page: byOwner(outboundMessages, (m) => [
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
          ]),
        },
        {
          file: 'notifications.csv',
          header: ['Notification ID', 'Kind', 'Title', 'Text', 'Link', 'Created at', 'Read at'],
          // Read state is per person (issue 16): the export holds the client account's own.
          page: async (after, size) => {
            const account = { ownerId, userId: ownerId, locationIds: null };
            const mark = await readMarkOf(db, account);
            const rows = await db
              .select({ ...getTableColumns(notifications), readAt: readAtBy(account, mark) })
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
        {
          file: 'reply-settings.csv',
          header: ['Tone', 'Signature', 'Updated at'],
          page: once(async () => {
            const rows = await db.select().from(replySettings).where(eq(replySettings.ownerId, ownerId));
            return rows.map((s) => [s.tone, s.signature, s.updatedAt]);
          }),
        },
        {
          file: 'widget-settings.csv',
          header: [
            'Public key',
            'Mode',
            'Minimum rating',
            'Sources',
            'Only with text',
            'Hand-picked review IDs',
            'Layout',
            'Theme',
            'Accent colour',
            'Updated at',
          ],
          page: once(async () => {
            const rows = await db.select().from(widgetSettings).where(eq(widgetSettings.ownerId, ownerId));
            return rows.map((w) => [
              w.publicKey,
              w.mode,
              w.minRating,
              w.sources,
              w.onlyWithText,
              idList(w.reviewIds),
              w.layout,
              w.theme,
              w.accentColor,
              w.updatedAt,
            ]);
          }),
        },
        {
          file: 'api-keys.csv',
          header: ['API key ID', 'Name', 'Prefix', 'Created at', 'Last used at', 'Revoked at'],
          // The prefix only: the key itself was shown once and only its hash is stored, which stays here.
          page: byOwner(apiKeys, (k) => [k.id, k.name, k.prefix, k.createdAt, k.lastUsedAt, k.revokedAt]),
        },
        {
          file: 'webhook-endpoints.csv',
          header: ['Endpoint ID', 'URL', 'Events', 'Status', 'Created at', 'Disabled at'],
          page: byOwner(webhookEndpoints, (e) => [
            e.id,
            e.url,
            e.events,
            e.disabledAt ? 'disabled' : 'active',
            e.createdAt,
            e.disabledAt,
          ]),
        },
        {
          file: 'webhook-deliveries.csv',
          header: [
            'Delivery ID',
            'Endpoint ID',
            'Event',
            'Status',
            'Attempts',
            'Response status',
            'Last error',
            'Payload',
            'Created at',
            'Delivered at',
          ],
          page: byOwner(webhookDeliveries, (d) => [
            d.id,
            d.endpointId,
            d.event,
            d.status,
            d.attempts,
            d.responseStatus,
            d.lastError,
            d.payload as Record<string, unknown>,
            d.createdAt,
            d.deliveredAt,
          ]),
        },
        {
          file: 'team-members.csv',
          header: ['Member ID', 'Email', 'First name', 'Role', 'Location IDs', 'Joined at'],
          page: async (after, size) => {
            const rows = await db
              .select({ member: teamMembers, email: users.email, firstName: users.firstName })
              .from(teamMembers)
              .innerJoin(users, eq(users.id, teamMembers.userId))
              .where(and(eq(teamMembers.clientId, ownerId), gt(teamMembers.id, after)))
              .orderBy(asc(teamMembers.id))
              .limit(size);
            return rows.map(({ member: m, email, firstName }) => ({
              id: m.id,
              cells: [m.id, email, firstName, m.role, idList(m.locationIds), m.createdAt],
            }));
          },
        },
        {
          file: 'team-invitations.csv',
          header: [
            'Invitation ID',
            'Email',
            'Role',
            'Location IDs',
            'Sent at',
            'Expires at',
            'Accepted at',
            'Revoked at',
          ],
          page: async (after, size) => {
            // Named columns: the token's hash is never read.
            const rows = await db
              .select({
                id: teamInvitations.id,
                email: teamInvitations.email,
                role: teamInvitations.role,
                locationIds: teamInvitations.locationIds,
                createdAt: teamInvitations.createdAt,
                expiresAt: teamInvitations.expiresAt,
                acceptedAt: teamInvitations.acceptedAt,
                revokedAt: teamInvitations.revokedAt,
              })
              .from(teamInvitations)
              .where(and(eq(teamInvitations.clientId, ownerId), gt(teamInvitations.id, after)))
              .orderBy(asc(teamInvitations.id))
              .limit(size);
            return rows.map((i) => ({
              id: i.id,
              cells: [
                i.id,
                i.email,
                i.role,
                idList(i.locationIds),
                i.createdAt,
                i.expiresAt,
                i.acceptedAt,
                i.revokedAt,
              ],
            }));
          },
        },
        {
          file: 'push-devices.csv',
          header: ['Device ID', 'Device', 'Every review', 'Turned on at', 'Last push at'],
          page: async (after, size) => {
            // The owner's own devices, named columns: the push endpoint and its keys let anyone push to the
            // device, so they stay here as the other secrets do.
            const rows = await db
              .select({
                id: pushSubscriptions.id,
                deviceLabel: pushSubscriptions.deviceLabel,
                everyReview: pushSubscriptions.everyReview,
                createdAt: pushSubscriptions.createdAt,
                lastPushedAt: pushSubscriptions.lastPushedAt,
              })
              .from(pushSubscriptions)
              .where(and(eq(pushSubscriptions.userId, ownerId), gt(pushSubscriptions.id, after)))
              .orderBy(asc(pushSubscriptions.id))
              .limit(size);
            return rows.map((d) => ({
              id: d.id,
              cells: [d.id, d.deviceLabel, d.everyReview, d.createdAt, d.lastPushedAt],
            }));
          },
        },
      ];
    },
  };
}

export type DataExportRepository = ReturnType<typeof createDataExportRepository>;
