import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  type ExtraConfigColumn,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Channel, RequestMethod, RequestStatus, ReviewType } from '@shared/schemas/domain';
import type { NotificationKind } from '@shared/schemas/notifications';
import type { Provider, SyncRunStatus, SyncTrigger } from '@shared/schemas/integrations';
import type {
  ConsentEventKind,
  ConsentSource,
  ContactEventKind,
  OptOutSource,
} from '@shared/schemas/contacts';
import type { ReplyTone } from '@shared/schemas/reply-settings';
import type { Role } from '@shared/schemas/user';
import type { WidgetLayout, WidgetMode, WidgetSource, WidgetTheme } from '@shared/schemas/widget';
import type { WebhookDeliveryEvent, WebhookDeliveryStatus, WebhookEvent } from '@shared/schemas/api-access';
import type { TeamRole } from '@shared/schemas/team';
import type { ProofEntryKind, ProofRatingFigures, ProofSite } from '@shared/schemas/proof';
import { LANGUAGES, type Language } from '@shared/i18n/languages';
import { negativeSql, positiveSql, privateSql, respondedSql, unrespondedSql } from './review-filters';

/** A language column holds one of the customer languages or nothing. */
const languageCheck = (column: AnyPgColumn) =>
  sql`${column} is null or ${column} in (${sql.raw(LANGUAGES.map((l) => `'${l}'`).join(', '))})`;

/** Newest first in an index, in the order ORDER BY ... DESC asks for (NULLS FIRST), so the index serves it. */
const newest = (column: ExtraConfigColumn) => column.desc().nullsFirst();

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const at = () => timestamp({ withTimezone: true });
/** The client (a user with role client) a row belongs to; every client-owned row has one. */
const ownerId = () =>
  integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    username: text().notNull(),
    passwordHash: text().notNull(),
    firstName: text().notNull(),
    companyName: text().notNull().default(''),
    role: text().$type<Role>().notNull().default('client'),
    planId: integer().references((): AnyPgColumn => plans.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    disabledAt: timestamp({ withTimezone: true }),
    /** Null until the owner follows the link in the verification email; until then sending is capped (issue 11). */
    emailVerifiedAt: at(),
  },
  (t) => [
    // Email is unique whatever its case: Ann@x.com and ann@x.com are one account.
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

/** express-session's store: sessions live in the database so a restart signs nobody out. */
export const sessions = pgTable(
  'sessions',
  {
    sid: text().primaryKey(),
    sess: jsonb().notNull(),
    userId: integer(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_expires_at_idx').on(t.expiresAt), index('sessions_user_id_idx').on(t.userId)],
);

/** Hit counters of the rate limiters, shared by every server process. */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  hits: integer().notNull(),
  resetAt: timestamp({ withTimezone: true }).notNull(),
});

export const plans = pgTable(
  'plans',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    priceCents: integer().notNull(),
    currency: text().notNull().default('usd'),
    /** Review requests a client may send per calendar month; null means unlimited. */
    reviewRequestLimit: integer(),
    locationsLimit: integer(),
    features: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    stripePriceId: text(),
    /** 'free' for the plan every client starts on (created at start when missing); null for the others. */
    key: text(),
    createdAt: createdAt(),
    archivedAt: at(),
  },
  (t) => [
    uniqueIndex('plans_key_unique')
      .on(t.key)
      .where(sql`${t.key} is not null`),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial().primaryKey(),
    ownerId: ownerId(),
    planId: integer()
      .notNull()
      .references(() => plans.id),
    status: text().notNull(),
    stripeCustomerId: text(),
    stripeSubscriptionId: text(),
    currentPeriodEnd: at(),
    /** Set by invoice.payment_failed, cleared by invoice.paid: the paid limits hold until the grace period ends. */
    paymentFailedAt: at(),
    /** When the newest paid invoice was paid (its event's time): an older failure arriving later is stale. */
    lastPaidAt: at(),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_owner_unique').on(t.ownerId),
    uniqueIndex('subscriptions_stripe_subscription_unique')
      .on(t.stripeSubscriptionId)
      .where(sql`${t.stripeSubscriptionId} is not null`),
    index('subscriptions_stripe_customer_idx').on(t.stripeCustomerId),
  ],
);

/** Stripe Checkout sessions this server created: /subscribe shows the outcome from here, never from the URL. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    /** Stripe's id (cs_...). */
    id: text().primaryKey(),
    ownerId: ownerId(),
    planId: integer()
      .notNull()
      .references(() => plans.id),
    /** 'open' until Stripe says otherwise: 'complete' or 'expired'. */
    status: text().$type<'open' | 'complete' | 'expired'>().notNull().default('open'),
    createdAt: createdAt(),
    completedAt: at(),
  },
  (t) => [index('checkout_sessions_owner_idx').on(t.ownerId, t.createdAt)],
);

/** Stripe webhook events already applied: each is applied once, however often Stripe delivers it. */
export const stripeEvents = pgTable('stripe_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  /** When the event happened at Stripe: a late, older event never overwrites a newer state. */
  stripeCreatedAt: timestamp({ withTimezone: true }).notNull(),
  receivedAt: createdAt(),
});

export const locations = pgTable(
  'locations',
  {
    id: serial().primaryKey(),
    ownerId: ownerId(),
    name: text().notNull(),
    address: text().notNull().default(''),
    googlePlaceId: text(),
    googleReviewUrl: text(),
    facebookPageUrl: text(),
    /** The permanent token of the location's public review page (printed QR posters). */
    publicLink: text().notNull(),
    googleLocationId: text(),
    /** Encrypted at rest (server/lib/crypto.ts); the API exposes only whether it is set. */
    googleAccessToken: text(),
    googleRefreshToken: text(),
    googleTokenExpiresAt: at(),
    facebookPageId: text(),
    facebookAccessToken: text(),
    /**
     * The review links the connections gave (Google's metadata.newReviewUri or its writereview URL, the
     * Facebook page's reviews tab): offered to customers when no URL was typed by hand (issue 41).
     */
    googleConnectedReviewUrl: text(),
    facebookConnectedReviewUrl: text(),
    /** IANA time zone for quiet hours of its customers; null: the client's. */
    timeZone: text(),
    /** What its customers read when their contact names no language (shared/i18n); null: their browser's. */
    defaultLanguage: text().$type<Language>(),
    /** When the last sync of each provider finished, and its error when it failed. */
    googleSyncedAt: at(),
    googleSyncError: text(),
    /** Set when Google refused the stored grant (revoked, expired): the owner must connect again. */
    googleReconnectNeededAt: at(),
    facebookSyncedAt: at(),
    facebookSyncError: text(),
    facebookReconnectNeededAt: at(),
    createdAt: createdAt(),
  },
  (t) => [
    index('locations_owner_idx').on(t.ownerId, t.id),
    uniqueIndex('locations_public_link_unique').on(t.publicLink),
    check('locations_default_language_known', languageCheck(t.defaultLanguage)),
  ],
);

export const contacts = pgTable(
  'contacts',
  {
    id: serial().primaryKey(),
    ownerId: ownerId(),
    name: text().notNull(),
    email: text(),
    /** E.164, e.g. +447700900123. */
    phone: text(),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    emailOptedOutAt: at(),
    smsOptedOutAt: at(),
    whatsappOptedOutAt: at(),
    /** Who opted them out (shared/schemas/contacts.ts): a STOP reply is undone only by START. */
    /** IANA time zone (Europe/London) for quiet hours; null: the location's, else the client's. */
    timeZone: text(),
    /** The language their messages and review page use (shared/i18n); null: the location's. */
    language: text().$type<Language>(),
    emailOptOutSource: text().$type<OptOutSource>(),
    smsOptOutSource: text().$type<OptOutSource>(),
    whatsappOptOutSource: text().$type<OptOutSource>(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('contacts_owner_created_idx').on(t.ownerId, newest(t.createdAt), newest(t.id)),
    uniqueIndex('contacts_owner_email_unique')
      .on(t.ownerId, sql`lower(${t.email})`)
      .where(sql`${t.email} is not null`),
    uniqueIndex('contacts_owner_phone_unique')
      .on(t.ownerId, t.phone)
      .where(sql`${t.phone} is not null`),
    index('contacts_tags_idx').using('gin', t.tags),
    check('contacts_language_known', languageCheck(t.language)),
  ],
);

export const templates = pgTable(
  'templates',
  {
    id: serial().primaryKey(),
    ownerId: ownerId(),
    name: text().notNull(),
    channel: text().$type<Channel>().notNull(),
    subject: text(),
    body: text().notNull(),
    /** Who reads it: a request to a contact of this language picks this language's default. */
    language: text().$type<Language>().notNull().default('en'),
    isDefault: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('templates_owner_channel_idx').on(t.ownerId, t.channel),
    // At most one default per client, channel and language.
    uniqueIndex('templates_owner_channel_default_unique')
      .on(t.ownerId, t.channel, t.language)
      .where(sql`${t.isDefault}`),
    check('templates_language_known', languageCheck(t.language)),
  ],
);

export const reviewRequests = pgTable(
  'review_requests',
  {
    id: serial().primaryKey(),
    ownerId: ownerId(),
    locationId: integer()
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    contactId: integer().references(() => contacts.id, { onDelete: 'set null' }),
    method: text().$type<RequestMethod>().notNull(),
    templateId: integer().references(() => templates.id, { onDelete: 'set null' }),
    /** At least 128 random bits, base64url: the customer's personal link. */
    uniqueLink: text().notNull(),
    status: text().$type<RequestStatus>().notNull().default('queued'),
    failureReason: text(),
    providerMessageId: text(),
    createdAt: createdAt(),
    queuedAt: createdAt(),
    sentAt: at(),
    deliveredAt: at(),
    openedAt: at(),
    completedAt: at(),
    failedAt: at(),
    cancelledAt: at(),
    /** Follow-up reminders sent so far. */
    remindersSent: smallint().notNull().default(0),
    /** The request this one resends (a new link for the same customer). */
    resentFromId: integer(),
    /** Why it was cancelled when not by the owner, e.g. "Reviewed through another request" (issue 41). */
    cancelReason: text(),
  },
  (t) => [
    uniqueIndex('review_requests_unique_link_unique').on(t.uniqueLink),
    // The list's order, then what the dashboard counts (requestFigures), so its count reads the index alone
    // instead of one heap page per request.
    index('review_requests_owner_created_idx').on(
      t.ownerId,
      newest(t.createdAt),
      newest(t.id),
      t.sentAt,
      t.status,
      t.method,
    ),
    index('review_requests_owner_status_idx').on(t.ownerId, t.status, newest(t.createdAt), newest(t.id)),
    index('review_requests_provider_message_idx').on(t.providerMessageId),
    // When a contact was last asked, and their open requests (the contact policy, issue 41).
    index('review_requests_owner_contact_idx').on(t.ownerId, t.contactId, newest(t.createdAt)),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: serial().primaryKey(),
    ownerId: ownerId(),
    locationId: integer().references(() => locations.id, { onDelete: 'set null' }),
    /** google | facebook | private | video; anything else reads as private (shared/schemas/domain.ts). */
    type: text().$type<ReviewType>().notNull(),
    rating: smallint().notNull(),
    content: text().notNull().default(''),
    videoUrl: text(),
    contactId: integer().references(() => contacts.id, { onDelete: 'set null' }),
    reviewRequestId: integer().references(() => reviewRequests.id, { onDelete: 'set null' }),
    reviewerName: text().notNull().default(''),
    externalId: text(),
    sourceUrl: text(),
    createdAt: createdAt(),
    responseContent: text(),
    respondedAt: at(),
    /** Where the reply was published (google | facebook), null when it lives in ReviewFlow only. */
    responsePublishedTo: text().$type<'google' | 'facebook'>(),
    /** The site's id of the published reply (a Facebook comment id), to edit or delete it there. */
    responseExternalId: text(),
    /** What the customer was offered after rating on our page: the public review links (proof of no gating). */
    offeredLinks: jsonb().$type<{ google: string | null; facebook: string | null }>(),
    /**
     * A reply meant for Google or Facebook that the site has not taken yet (issue 41): it is not the review's
     * response until it is published there, so the review stays unanswered in every figure meanwhile.
     */
    pendingReply: text(),
    /** 'pending' while the queue retries it, 'failed' once it gave up; null when nothing waits. */
    replyPublishState: text().$type<'pending' | 'failed'>(),
    replyPublishError: text(),
    replyPublishAttempts: smallint().notNull().default(0),
    /** A Facebook recommendation without stars: 'positive' or 'negative' (its rating is a stand-in). */
    recommendation: text().$type<'positive' | 'negative'>(),
    /** When the review reached ReviewFlow (an import's backlog arrives long after it was written). */
    receivedAt: createdAt(),
    /**
     * The rating when the review's reply was given (issue 47, item 2): a customer who edits their review
     * afterwards shows as "1★ → 4★ after your reply". Null while there is no reply.
     */
    ratingAtReply: smallint(),
    /** When the sync last found the Google or Facebook review gone from its site; null while it is there. */
    removedFromSiteAt: at(),
    /** When the sync last asked Facebook whether the Page's reply (a comment) is still there. */
    replyCheckedAt: at(),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    // The dashboard's "rose after your reply": few rows, read newest reply first.
    index('reviews_owner_rose_after_reply_idx')
      .on(t.ownerId, newest(t.respondedAt), newest(t.id))
      .where(sql`${t.rating} > ${t.ratingAtReply}`),
    // Every list filter walks an index in the list's own order (created_at DESC, id DESC: NULLS FIRST, as
    // ORDER BY ... DESC means), so page 1 reads ten rows instead of sorting the client's reviews. The
    // partial indexes' predicates are the filters' own SQL (server/db/review-predicates.ts).
    index('reviews_owner_created_idx').on(t.ownerId, newest(t.createdAt), newest(t.id)),
    index('reviews_owner_rating_idx').on(t.ownerId, t.rating, newest(t.createdAt)),
    index('reviews_owner_responded_idx').on(t.ownerId, t.respondedAt),
    index('reviews_owner_type_idx').on(t.ownerId, t.type, newest(t.createdAt), newest(t.id)),
    index('reviews_owner_positive_idx')
      .on(t.ownerId, newest(t.createdAt), newest(t.id))
      .where(positiveSql(t)),
    index('reviews_owner_negative_idx')
      .on(t.ownerId, newest(t.createdAt), newest(t.id))
      .where(negativeSql(t)),
    index('reviews_owner_answered_idx')
      .on(t.ownerId, newest(t.createdAt), newest(t.id))
      .where(respondedSql(t)),
    index('reviews_owner_unanswered_idx')
      .on(t.ownerId, newest(t.createdAt), newest(t.id))
      .where(unrespondedSql(t)),
    index('reviews_owner_private_idx').on(t.ownerId, newest(t.createdAt), newest(t.id)).where(privateSql(t)),
    index('reviews_owner_location_idx').on(t.ownerId, t.locationId),
    index('reviews_owner_reply_waiting_idx')
      .on(t.ownerId, newest(t.createdAt), newest(t.id))
      .where(sql`${t.replyPublishState} is not null`),
    // A re-import never duplicates a review of the same source and location.
    uniqueIndex('reviews_source_location_external_unique')
      .on(t.type, t.locationId, t.externalId)
      .where(sql`${t.externalId} is not null`),
    // One review per review request: a second submit from the same link cannot create another.
    uniqueIndex('reviews_review_request_unique')
      .on(t.reviewRequestId)
      .where(sql`${t.reviewRequestId} is not null`),
    // A client's search: owner_id first (btree_gin) so a client's words are found among its own reviews only;
    // on the words alone a name found in 10,000 clients was read in all of them (issue 46).
    index('reviews_owner_content_trgm_idx').using('gin', t.ownerId, sql`${t.content} gin_trgm_ops`),
    index('reviews_owner_reviewer_name_trgm_idx').using(
      'gin',
      t.ownerId,
      sql`${t.reviewerName} gin_trgm_ops`,
    ),
  ],
);

/** The sums the dashboard reads of a set of reviews (review_daily_stats per day, review_totals for all time). */
const reviewSums = () => ({
  reviews: integer().notNull().default(0),
  positive: integer().notNull().default(0),
  responded: integer().notNull().default(0),
  ratingSum: integer().notNull().default(0),
  rating1: integer().notNull().default(0),
  rating2: integer().notNull().default(0),
  rating3: integer().notNull().default(0),
  rating4: integer().notNull().default(0),
  rating5: integer().notNull().default(0),
  /** By source: what the reviews page's filters count (private reviews are the rest). */
  google: integer().notNull().default(0),
  facebook: integer().notNull().default(0),
  video: integer().notNull().default(0),
});

/**
 * A client's reviews summed per day of creation (UTC), so the dashboard reads O(days) rows instead of every
 * review (issue 13). Kept by a trigger on reviews in the same transaction as each insert, update and delete,
 * defined in server/db/sql/review-figures.sql (decision 013): no code path can forget it.
 */
export const reviewDailyStats = pgTable(
  'review_daily_stats',
  {
    ownerId: ownerId(),
    day: date({ mode: 'string' }).notNull(),
    ...reviewSums(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.day] })],
);

/**
 * The same sums per hour of creation (UTC), for the hours of the two days a dashboard window's boundary cuts: the
 * figures then read one hour of reviews at each boundary instead of a whole day (issue 46: a day of a client with
 * 2,000 reviews a day cost the stats 20 ms). Kept by the same trigger for the hours since
 * review_hourly_horizon() (server/db/sql/review-figures.sql), older hours pruned daily.
 */
export const reviewHourlyStats = pgTable(
  'review_hourly_stats',
  {
    ownerId: ownerId(),
    /** The hour's start, UTC. */
    hour: timestamp({ mode: 'string' }).notNull(),
    ...reviewSums(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.hour] })],
);

/**
 * A client's reviews summed over all time: the dashboard's totals and rating distribution, and the count of each
 * filter of the reviews page, in one row instead of a sum over the client's history. Kept by the same trigger as
 * review_daily_stats (server/db/sql/review-figures.sql; private reviews are the rest of the counts per source).
 */
export const reviewTotals = pgTable('review_totals', {
  ownerId: ownerId().primaryKey(),
  ...reviewSums(),
});

/** A client's responses summed per day they were given (UTC): how many, and their review-to-response days. */
export const reviewResponseDailyStats = pgTable(
  'review_response_daily_stats',
  {
    ownerId: ownerId(),
    day: date({ mode: 'string' }).notNull(),
    responses: integer().notNull().default(0),
    responseDays: doublePrecision().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.day] })],
);

/** The same per hour they were given (UTC), since review_hourly_horizon(), for the windows' boundary days. */
export const reviewResponseHourlyStats = pgTable(
  'review_response_hourly_stats',
  {
    ownerId: ownerId(),
    hour: timestamp({ mode: 'string' }).notNull(),
    responses: integer().notNull().default(0),
    responseDays: doublePrecision().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.hour] })],
);

/**
 * What a client has used of its plan, per calendar month (UTC): review requests that sent a message and team
 * invitations (issue 42, item 3). Counted when they are granted, in the same transaction; deleting a location,
 * a contact or a request gives nothing back.
 */
export const usageLedger = pgTable(
  'usage_ledger',
  {
    ownerId: ownerId(),
    /** The first day of the month. */
    month: date({ mode: 'string' }).notNull(),
    reviewRequests: integer().notNull().default(0),
    invitations: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.month] })],
);

/** Every message sent or, with its provider unconfigured, kept in the outbox, with its rendered content. */
export const outboundMessages = pgTable(
  'outbound_messages',
  {
    id: serial().primaryKey(),
    ownerId: integer().references(() => users.id, { onDelete: 'cascade' }),
    reviewRequestId: integer().references(() => reviewRequests.id, { onDelete: 'set null' }),
    channel: text().$type<Channel>().notNull(),
    /** smtp | twilio | outbox */
    transport: text().notNull(),
    recipient: text().notNull(),
    subject: text(),
    body: text().notNull(),
    html: text(),
    /** outbox | sent | delivered | failed */
    status: text().notNull(),
    providerMessageId: text(),
    providerResponse: text(),
    error: text(),
    /** Names what the message is about (e.g. review-alert:12:3) so a retried job does not send it twice. */
    idempotencyKey: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('outbound_messages_idempotency_unique')
      .on(t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('outbound_messages_created_idx').on(newest(t.createdAt)),
    index('outbound_messages_owner_idx').on(t.ownerId, newest(t.createdAt)),
    // The no-gating audit export walks a client's request messages in id order.
    index('outbound_messages_owner_request_idx')
      .on(t.ownerId, t.id)
      .where(sql`${t.reviewRequestId} is not null`),
  ],
);

/** Durable background jobs, claimed with FOR UPDATE SKIP LOCKED (server/lib/queue.ts). */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    queue: text().notNull(),
    payload: jsonb().notNull(),
    /** pending | running | done | failed */
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(5),
    runAt: createdAt(),
    lockedAt: at(),
    lockedBy: text(),
    lastError: text(),
    /** When set, a job with the same key is queued only once. */
    dedupeKey: text(),
    createdAt: createdAt(),
    finishedAt: at(),
  },
  (t) => [
    index('jobs_ready_idx')
      .on(t.queue, t.runAt)
      .where(sql`${t.status} = 'pending'`),
    index('jobs_running_idx')
      .on(t.lockedAt)
      .where(sql`${t.status} = 'running'`),
    uniqueIndex('jobs_dedupe_unique')
      .on(t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial().primaryKey(),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    targetClientId: integer(),
    details: jsonb().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(newest(t.createdAt)),
    index('audit_log_target_idx').on(t.targetClientId, newest(t.createdAt)),
  ],
);

/** The bell's events (shared/schemas/notifications.ts), written in the same transaction as their cause. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial().primaryKey(),
    ownerId: ownerId(),
    kind: text().$type<NotificationKind>().notNull(),
    title: text().notNull(),
    body: text().notNull().default(''),
    /** A path inside the client's area, e.g. /reviews?review=12. */
    target: text().notNull(),
    reviewId: integer().references(() => reviews.id, { onDelete: 'cascade' }),
    reviewRequestId: integer().references(() => reviewRequests.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    // Matches the list's ORDER BY created_at DESC, id DESC (NULLS FIRST is Postgres' default for DESC).
    index('notifications_owner_created_idx').on(t.ownerId, newest(t.createdAt), newest(t.id)),
    // The unread count reads only what came after a person's "mark all read" (notificationReadMarks).
    index('notifications_owner_id_idx').on(t.ownerId, t.id),
    index('notifications_created_idx').on(t.createdAt),
  ],
);

/**
 * Who has read which notification: read state is per person (issue 16), so a member reading an event
 * leaves it unread for the owner. The key leads with the notification so the daily prune's cascade and
 * the list's "read by me?" look-up both use it.
 */
export const notificationReads = pgTable(
  'notification_reads',
  {
    notificationId: integer()
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.userId] })],
);

/**
 * A person's "mark all read" in one client's bell: every notification of that client up to readThroughId
 * counts as read at markedAt, so marking all read writes one row and the unread count reads only what
 * came after it. An admin has one per client visited.
 */
export const notificationReadMarks = pgTable(
  'notification_read_marks',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ownerId: ownerId(),
    readThroughId: integer().notNull(),
    markedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ownerId] })],
);

/** Each import of one provider's reviews for one client, scheduled or asked for (issue 10). */
export const syncRuns = pgTable(
  'sync_runs',
  {
    id: serial().primaryKey(),
    ownerId: ownerId(),
    provider: text().$type<Provider>().notNull(),
    trigger: text().$type<SyncTrigger>().notNull(),
    status: text().$type<SyncRunStatus>().notNull().default('queued'),
    /** Reviews created or changed. */
    imported: integer().notNull().default(0),
    error: text(),
    /** A scheduled run's slot (provider, client and interval number): two processes schedule it once. */
    scheduleKey: text(),
    createdAt: createdAt(),
    startedAt: at(),
    finishedAt: at(),
  },
  (t) => [
    uniqueIndex('sync_runs_schedule_key_unique')
      .on(t.scheduleKey)
      .where(sql`${t.scheduleKey} is not null`),
    index('sync_runs_owner_provider_idx').on(t.ownerId, t.provider, newest(t.id)),
  ],
);

/** Email alerts and the weekly digest, per user (Settings › Notifications); no row means the defaults. */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  instantAlerts: boolean().notNull(),
  alertMaxRating: smallint().notNull(),
  weeklyDigest: boolean().notNull(),
  updatedAt: createdAt(),
});

/**
 * A browser that receives the user's review alerts as Web Push (issue 45): the push service's endpoint and the
 * keys its payloads are encrypted to. One row per endpoint; a device's endpoint is its own and unguessable.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text().notNull().unique(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    /** Every new review, not only those at or below the user's alert rating. */
    everyReview: boolean().notNull().default(false),
    /** The browser as the user saw it when turning push on ("Chrome on Android"), for the list of devices. */
    deviceLabel: text().notNull().default(''),
    createdAt: createdAt(),
    lastPushedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/** A contact's consent record: how each channel's consent was given, and every opt-out and opt-in. */
export const contactConsentEvents = pgTable(
  'contact_consent_events',
  {
    id: serial().primaryKey(),
    ownerId: ownerId(),
    contactId: integer()
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    channel: text().$type<Channel>().notNull(),
    kind: text().$type<ConsentEventKind>().notNull(),
    source: text().$type<ConsentSource>().notNull(),
    reason: text(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_consent_events_contact_idx').on(t.contactId, t.id)],
);

/** How each client's review requests go out: follow-up reminders and quiet hours (issue 14). */
export const requestSettings = pgTable('request_settings', {
  ownerId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  remindersEnabled: boolean().notNull(),
  firstReminderDays: smallint().notNull(),
  /** null: no second reminder. */
  secondReminderDays: smallint(),
  quietHoursEnabled: boolean().notNull(),
  /** Minutes after midnight, local time: nothing is sent from quietStart to quietEnd. */
  quietStart: smallint().notNull(),
  quietEnd: smallint().notNull(),
  /** The client's IANA time zone: quiet hours of customers with none of their own or their location's. */
  timeZone: text(),
  /** A contact is asked at most once in this many days by bulk and API sends; 0 turns it off (issue 41). */
  askWindowDays: smallint().notNull().default(30),
  updatedAt: createdAt(),
});

/**
 * A contact's timeline (issue 41): each ask, each ask skipped by the contact policy and each request
 * cancelled because they reviewed, with its reason.
 */
export const contactEvents = pgTable(
  'contact_events',
  {
    id: serial().primaryKey(),
    ownerId: ownerId(),
    contactId: integer()
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** asked | skipped | cancelled | reviewed */
    kind: text().$type<ContactEventKind>().notNull(),
    channel: text().$type<Channel>(),
    detail: text().notNull().default(''),
    reviewRequestId: integer().references(() => reviewRequests.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('contact_events_contact_idx').on(t.contactId, newest(t.id))],
);

/** How suggested replies are written for each client: tone and signature (issue 16); no row: the defaults. */
export const replySettings = pgTable('reply_settings', {
  ownerId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tone: text().$type<ReplyTone>().notNull(),
  signature: text().notNull().default(''),
  updatedAt: createdAt(),
});

/** Every step of a review request, for its timeline: queued, sent, reminders, opened, completed, ... */
export const reviewRequestEvents = pgTable(
  'review_request_events',
  {
    id: serial().primaryKey(),
    ownerId: ownerId(),
    reviewRequestId: integer()
      .notNull()
      .references(() => reviewRequests.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    detail: text(),
    createdAt: createdAt(),
  },
  (t) => [index('review_request_events_request_idx').on(t.reviewRequestId, t.id)],
);

/** "Forgot password?": single-use, one-hour tokens; only their SHA-256 is stored (issue 11). */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: at(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_unique').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Email verification links (issue 11): for the address an account registered with, or a new address the
 * owner asked to change to (applied only once verified). Only the SHA-256 of the token is stored.
 */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address this link verifies: the account's own, or the one it changes to. */
    email: text().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: at(),
    /** The session that asked for a change of address: it stays signed in when the change ends the others. */
    requestedBySession: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_verification_tokens_hash_unique').on(t.tokenHash),
    index('email_verification_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Each client's website review widget (issue 16): which reviews it shows, how, and the public key of its
 * snippet and wall page. One row per client, made with the defaults on the first read.
 */
export const widgetSettings = pgTable(
  'widget_settings',
  {
    ownerId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 18 random bytes, base64url: in the owner's embed snippet, so public, but not guessable. */
    publicKey: text().notNull(),
    mode: text().$type<WidgetMode>().notNull(),
    minRating: smallint().notNull(),
    sources: text().array().$type<WidgetSource[]>().notNull(),
    onlyWithText: boolean().notNull(),
    /** The hand-picked reviews (mode 'hand-picked'); kept when the owner switches back to 'auto'. */
    reviewIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    layout: text().$type<WidgetLayout>().notNull(),
    theme: text().$type<WidgetTheme>().notNull(),
    /** #rrggbb, or null for the theme's own. */
    accentColor: text(),
    updatedAt: createdAt(),
  },
  (t) => [uniqueIndex('widget_settings_public_key_unique').on(t.publicKey)],
);

/**
 * API keys of a client's own systems (issue 16): only the SHA-256 of the key is stored, with its visible
 * prefix for the list. The key is 192 random bits, so a fast hash is right here: nobody can guess their way
 * to a preimage, and a slow password hash would cost every API call a hundred milliseconds for nothing.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial().primaryKey(),
    ownerId: ownerId(),
    name: text().notNull(),
    /** `rvf_` and the key's first 8 characters after it: enough to tell keys apart, useless to call with. */
    prefix: text().notNull(),
    keyHash: text().notNull(),
    lastUsedAt: at(),
    revokedAt: at(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_unique').on(t.keyHash),
    index('api_keys_owner_idx').on(t.ownerId, t.id),
  ],
);

/**
 * Answers of the public API by Idempotency-Key (Stripe's model): a retried call with the same key and body
 * gets the stored answer and sends nothing twice. `response_status` is null while the first call runs.
 */
export const apiIdempotencyKeys = pgTable(
  'api_idempotency_keys',
  {
    id: serial().primaryKey(),
    ownerId: ownerId(),
    key: text().notNull(),
    /** SHA-256 of the request body as parsed JSON with sorted keys. */
    requestHash: text().notNull(),
    responseStatus: smallint(),
    responseBody: jsonb(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_idempotency_keys_owner_key_unique').on(t.ownerId, t.key),
    index('api_idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/** Where a client wants events sent (issue 16); the signing secret is encrypted at rest (lib/crypto.ts). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial().primaryKey(),
    ownerId: ownerId(),
    url: text().notNull(),
    events: text().array().$type<WebhookEvent[]>().notNull(),
    secret: text().notNull(),
    createdAt: createdAt(),
    disabledAt: at(),
  },
  (t) => [index('webhook_endpoints_owner_idx').on(t.ownerId, t.id)],
);

/** Each event sent (or to send) to an endpoint, with how its attempts went: the delivery log. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    ownerId: ownerId(),
    endpointId: integer()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event: text().$type<WebhookDeliveryEvent>().notNull(),
    payload: jsonb().notNull(),
    status: text().$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: at(),
    responseStatus: integer(),
    lastError: text(),
    createdAt: createdAt(),
    deliveredAt: at(),
  },
  (t) => [index('webhook_deliveries_endpoint_idx').on(t.endpointId, newest(t.createdAt), newest(t.id))],
);

/**
 * Team members (issue 16, part 2): a person with their own login working inside a client's business. The
 * client account itself is the implicit owner and has no row here. A member user has users.role 'member'
 * (never counted as a client) and belongs to exactly one business.
 */
export const teamMembers = pgTable(
  'team_members',
  {
    id: serial().primaryKey(),
    /** The owning client user: the member's tenant. */
    clientId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The member's own user (role 'member'). */
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text().$type<TeamRole>().notNull(),
    /** The locations this member works on; null: all of the business's locations. */
    locationIds: integer().array(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('team_members_user_unique').on(t.userId),
    index('team_members_client_idx').on(t.clientId, t.id),
  ],
);

/** Pending invitations: single-use, 7-day links; only the SHA-256 of the token is stored. */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: serial().primaryKey(),
    clientId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    role: text().$type<TeamRole>().notNull(),
    locationIds: integer().array(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: at(),
    /** Set when the owner revokes it: the link then answers like a used one. */
    revokedAt: at(),
    invitedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('team_invitations_hash_unique').on(t.tokenHash),
    index('team_invitations_client_idx').on(t.clientId, t.id),
  ],
);

/** Whether a client's proof page (issue 47, item 1) is public, and its address `/proof/{slug}`. */
export const proofSettings = pgTable(
  'proof_settings',
  {
    ownerId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    enabled: boolean().notNull().default(false),
    slug: text().notNull(),
    updatedAt: createdAt(),
  },
  (t) => [uniqueIndex('proof_settings_slug_unique').on(t.slug)],
);

/**
 * Each client's log of every invitation that reached a customer and every offer of the public review sites after
 * a rating, each entry carrying the hash of the one before (shared/proof.ts). Written only by the triggers of
 * server/db/sql/proof-log.sql, in the transaction that sent the invitation or stored the rating, so no code path
 * can skip an entry; never updated.
 */
export const proofLog = pgTable(
  'proof_log',
  {
    ownerId: ownerId(),
    seq: integer().notNull(),
    kind: text().$type<ProofEntryKind>().notNull(),
    rating: smallint(),
    offered: text()
      .array()
      .$type<ProofSite[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Whole seconds, as hashed. */
    at: timestamp({ withTimezone: true }).notNull(),
    prevHash: text().notNull(),
    hash: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ownerId, t.seq] }),
    // The twelve months a publication counts.
    index('proof_log_owner_at_idx').on(t.ownerId, t.at),
  ],
);

/** The last entry of each client's log: every append locks this row, so entries chain one after another. */
export const proofChainHeads = pgTable('proof_chain_heads', {
  ownerId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  seq: integer().notNull(),
  hash: text().notNull(),
});

/**
 * A client's proof as published each day: the head of the log then, and the figures counted from the log up to
 * it, so anyone can re-count them from the public log. Kept for every day, so yesterday's head stays checkable.
 */
export const proofPublications = pgTable(
  'proof_publications',
  {
    ownerId: ownerId(),
    /** The UTC day of the publication; publishing again that day replaces it. */
    day: date({ mode: 'string' }).notNull(),
    seq: integer().notNull(),
    hash: text().notNull(),
    publishedAt: timestamp({ withTimezone: true }).notNull(),
    asked: integer().notNull(),
    offeredPublicLinks: integer().notNull(),
    filtered: integer().notNull(),
    byRating: jsonb().$type<ProofRatingFigures[]>().notNull(),
    average: doublePrecision(),
    count: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.day] })],
);

/**
 * The "Publish this reply" link of a review alert email (issue 47, item 4): the reply it offers, word for word,
 * for one review. Its token seals this row's id with the review and a hash of the text, so it opens nothing
 * else; publishing marks it used (once), and for five minutes after that it can undo what it published.
 */
export const replyLinks = pgTable(
  'reply_links',
  {
    id: serial().primaryKey(),
    reviewId: integer()
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    content: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** When its button published the reply; null until then. */
    usedAt: timestamp({ withTimezone: true }),
    /** When its undo removed the reply again. */
    undoneAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('reply_links_review_idx').on(t.reviewId), index('reply_links_expires_idx').on(t.expiresAt)],
);

/**
 * Private feedback that closes (issue 47, item 3; decision 023): a 1-3★ private review from a known contact
 * opens one case, a conversation with the customer: open (the business's turn) → waiting (the customer's) →
 * resolved.
 */
export const feedbackCases = pgTable(
  'feedback_cases',
  {
    id: serial().primaryKey(),
    ownerId: ownerId(),
    reviewId: integer()
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    contactId: integer().references(() => contacts.id, { onDelete: 'set null' }),
    status: text().$type<'open' | 'waiting' | 'resolved'>().notNull().default('open'),
    /** Random; sealed into the customer's link with the case id (feedback-link.ts). */
    linkKey: text().notNull(),
    openedAt: createdAt(),
    /** The last message or change of status: the list's order. */
    lastActivityAt: createdAt(),
    lastAuthor: text().$type<'business' | 'customer'>(),
    resolvedAt: at(),
    resolvedBy: text().$type<'business' | 'customer'>(),
  },
  (t) => [
    uniqueIndex('feedback_cases_review_unique').on(t.reviewId),
    index('feedback_cases_owner_status_idx').on(t.ownerId, t.status, newest(t.lastActivityAt), newest(t.id)),
    check('feedback_cases_status_known', sql`${t.status} in ('open', 'waiting', 'resolved')`),
  ],
);

/** A case's messages: the business's (with how each reached the customer) and the customer's answers. */
export const feedbackMessages = pgTable(
  'feedback_messages',
  {
    id: serial().primaryKey(),
    caseId: integer()
      .notNull()
      .references(() => feedbackCases.id, { onDelete: 'cascade' }),
    author: text().$type<'business' | 'customer'>().notNull(),
    body: text().notNull(),
    createdAt: createdAt(),
    /** The business's messages only: how it goes out, and what came of it. */
    channel: text().$type<'email' | 'sms'>(),
    deliveryStatus: text().$type<'queued' | 'sent' | 'outbox' | 'failed' | 'not_sent'>(),
    /** When a queued message may go out (after the customer's quiet hours). */
    sendAt: at(),
    deliveryReason: text(),
    outboundMessageId: integer().references(() => outboundMessages.id, { onDelete: 'set null' }),
  },
  (t) => [index('feedback_messages_case_idx').on(t.caseId, t.id)],
);
