import { and, asc, count, desc, eq, getTableColumns, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_RETENTION_DAYS,
  type NotificationSettings,
} from '@shared/schemas/notifications';
import type { Database } from '../../db/client';
import { userIdentityColumns } from '../../db/user-columns';
import {
  locations,
  notificationReadMarks,
  notificationReads,
  notifications,
  notificationSettings,
  outboundMessages,
  reviewRequests,
  reviews,
  users,
} from '../../db/schema';
import { reviewHasStars, reviewIsResponded } from '../../db/review-predicates';
import type { NewNotification } from './notification-texts';

/** Responded when responseContent is present (seed-spec section 4): blank text counts as absent. */
const respondedSql = reviewIsResponded;

/** A notification with when the person asking read it (null: unread for them). */
export type NotificationRow = typeof notifications.$inferSelect & { readAt: Date | null };

/**
 * Whose bell: the client's notifications as one person sees them (issue 16). Read state is that person's
 * own; a member limited to some locations sees only the events about reviews and requests there.
 */
export interface BellReader {
  ownerId: number;
  userId: number;
  /** null: every location (the owner, an unlimited member, an admin inside the client's area). */
  locationIds: number[] | null;
}

/** Newest first: matches notifications_owner_created_idx (DESC NULLS FIRST, Postgres' default for DESC). */
const newestFirst = [desc(notifications.createdAt), desc(notifications.id)];

/**
 * Events about a review or request in these locations; events about neither (a provider connection) are
 * the business's, not a location's, so a limited member has none. Written as scalar sub-selects so each
 * is a primary-key look-up per notification walked (as EXISTS, Postgres hashed every review of those
 * locations of every client).
 */
function aboutLocations(locationIds: number[] | null): SQL | undefined {
  if (locationIds === null) return undefined;
  const reviewLocation = sql`(select ${reviews.locationId} from ${reviews} where ${reviews.id} = ${notifications.reviewId})`;
  const requestLocation = sql`(select ${reviewRequests.locationId} from ${reviewRequests}
    where ${reviewRequests.id} = ${notifications.reviewRequestId})`;
  return or(inArray(reviewLocation, locationIds), inArray(requestLocation, locationIds));
}

/**
 * A person's "mark all read" in one client's bell: every notification up to `through` was read at `at`.
 * Read first, on its own, so the queries below hold its values as literals: the planner then sees that
 * "after the mark" is a short range of notifications_owner_id_idx (a sub-select there looked like a third
 * of the client's notifications, enough to start the JIT compiler on every poll of the unread count).
 */
export interface ReadMark {
  through: number;
  at: Date | null;
}

export async function readMarkOf(db: Pick<Database, 'select'>, reader: BellReader): Promise<ReadMark> {
  const [row] = await db
    .select({ through: notificationReadMarks.readThroughId, at: notificationReadMarks.markedAt })
    .from(notificationReadMarks)
    .where(
      and(eq(notificationReadMarks.userId, reader.userId), eq(notificationReadMarks.ownerId, reader.ownerId)),
    );
  return row ?? { through: 0, at: null };
}

/** When this person read it one by one (the reads' primary key); null if they did not. */
const readOne = (reader: BellReader) =>
  sql`(select ${notificationReads.readAt} from ${notificationReads}
     where ${notificationReads.notificationId} = ${notifications.id}
       and ${notificationReads.userId} = ${reader.userId})`;

/**
 * Unread for this person: after their last "mark all read" (a range of notifications_owner_id_idx: the
 * count walks only what came since) and not read one by one (an anti-join on the reads' primary key).
 */
const unreadBy = (reader: BellReader, mark: ReadMark) =>
  sql`${notifications.id} > ${mark.through} and not exists (select 1 from ${notificationReads}
     where ${notificationReads.notificationId} = ${notifications.id}
       and ${notificationReads.userId} = ${reader.userId})`;

/** When this person read it: the first of their own read and the "mark all read" that covered it. */
export const readAtBy = (reader: BellReader, mark: ReadMark) =>
  sql<Date | null>`least(${readOne(reader)}, case when ${notifications.id} <= ${mark.through}
     then ${mark.at?.toISOString() ?? null}::timestamptz end)`.mapWith((value) =>
    value === null ? null : new Date(value as string | Date),
  );

export function createNotificationsRepository(db: Database) {
  const whereOf = (reader: BellReader, mark: ReadMark | null) =>
    and(
      eq(notifications.ownerId, reader.ownerId),
      aboutLocations(reader.locationIds),
      mark ? unreadBy(reader, mark) : undefined,
    );
  const asSeenBy = (reader: BellReader, mark: ReadMark) => ({
    ...getTableColumns(notifications),
    readAt: readAtBy(reader, mark),
  });

  return {
    async list(
      reader: BellReader,
      window: { limit: number; offset: number; unreadOnly: boolean },
    ): Promise<NotificationRow[]> {
      const mark = await readMarkOf(db, reader);
      return db
        .select(asSeenBy(reader, mark))
        .from(notifications)
        .where(whereOf(reader, window.unreadOnly ? mark : null))
        .orderBy(...newestFirst)
        .limit(window.limit)
        .offset(window.offset);
    },

    async count(reader: BellReader, unreadOnly: boolean): Promise<number> {
      const mark = unreadOnly ? await readMarkOf(db, reader) : null;
      const [row] = await db.select({ total: count() }).from(notifications).where(whereOf(reader, mark));
      return row?.total ?? 0;
    },

    /** Marks one read for this person only; undefined when they cannot see it (another client's, another location's). */
    async markRead(reader: BellReader, id: number): Promise<NotificationRow | undefined> {
      const visible = and(whereOf(reader, null), eq(notifications.id, id));
      const [found] = await db.select({ id: notifications.id }).from(notifications).where(visible);
      if (!found) return undefined;
      await db
        .insert(notificationReads)
        .values({ notificationId: id, userId: reader.userId })
        .onConflictDoNothing();
      const mark = await readMarkOf(db, reader);
      const [row] = await db.select(asSeenBy(reader, mark)).from(notifications).where(visible);
      return row;
    },

    /**
     * Marks everything of the client read for this person in one row: their mark moves up to the client's
     * newest notification. Answers how many they had unread.
     */
    async markAllRead(reader: BellReader): Promise<number> {
      return db.transaction(async (tx) => {
        const mark = await readMarkOf(tx, reader);
        const [unread] = await tx.select({ total: count() }).from(notifications).where(whereOf(reader, mark));
        await tx
          .insert(notificationReadMarks)
          .values({
            userId: reader.userId,
            ownerId: reader.ownerId,
            readThroughId: sql`(select coalesce(max(${notifications.id}), 0) from ${notifications}
              where ${notifications.ownerId} = ${reader.ownerId})`,
          })
          .onConflictDoUpdate({
            target: [notificationReadMarks.userId, notificationReadMarks.ownerId],
            set: {
              readThroughId: sql`greatest(${notificationReadMarks.readThroughId}, excluded.read_through_id)`,
              markedAt: sql`now()`,
            },
          });
        return unread?.total ?? 0;
      });
    },

    /** Deletes what is older than the retention period; answers how many went. */
    async prune(now: Date): Promise<number> {
      const before = new Date(now.getTime() - NOTIFICATION_RETENTION_DAYS * 24 * 60 * 60 * 1000);
      const rows = await db
        .delete(notifications)
        .where(lt(notifications.createdAt, before))
        .returning({ id: notifications.id });
      return rows.length;
    },

    async settings(userId: number): Promise<NotificationSettings> {
      const [row] = await db
        .select()
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, userId));
      return row
        ? {
            instantAlerts: row.instantAlerts,
            alertMaxRating: row.alertMaxRating,
            weeklyDigest: row.weeklyDigest,
          }
        : DEFAULT_NOTIFICATION_SETTINGS;
    },

    async saveSettings(userId: number, values: Partial<NotificationSettings>): Promise<NotificationSettings> {
      const current = await this.settings(userId);
      const next = { ...current, ...values };
      await db
        .insert(notificationSettings)
        .values({ userId, ...next })
        .onConflictDoUpdate({
          target: notificationSettings.userId,
          set: { ...next, updatedAt: sql`now()` },
        });
      return next;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;

/** What the alert and digest emails are made of; read in as few queries as the figures allow. */
export function createAlertsRepository(db: Database) {
  return {
    /** The user an alert goes to, with their settings; undefined for a deleted or disabled account. */
    async recipient(userId: number) {
      const [row] = await db
        .select({
          ...userIdentityColumns,
          disabledAt: users.disabledAt,
          createdAt: users.createdAt,
          instantAlerts: notificationSettings.instantAlerts,
          alertMaxRating: notificationSettings.alertMaxRating,
          weeklyDigest: notificationSettings.weeklyDigest,
        })
        .from(users)
        .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
        .where(eq(users.id, userId));
      if (!row || row.disabledAt || row.role !== 'client') return undefined;
      return {
        ...row,
        settings: {
          instantAlerts: row.instantAlerts ?? DEFAULT_NOTIFICATION_SETTINGS.instantAlerts,
          alertMaxRating: row.alertMaxRating ?? DEFAULT_NOTIFICATION_SETTINGS.alertMaxRating,
          weeklyDigest: row.weeklyDigest ?? DEFAULT_NOTIFICATION_SETTINGS.weeklyDigest,
        } satisfies NotificationSettings,
      };
    },

    async review(ownerId: number, reviewId: number) {
      const [row] = await db
        .select({
          id: reviews.id,
          type: reviews.type,
          rating: reviews.rating,
          content: reviews.content,
          reviewerName: reviews.reviewerName,
          createdAt: reviews.createdAt,
          locationName: locations.name,
        })
        .from(reviews)
        .leftJoin(locations, eq(locations.id, reviews.locationId))
        .where(and(eq(reviews.ownerId, ownerId), eq(reviews.id, reviewId)));
      return row;
    },

    /** Whether a message about this was already sent (or kept in the outbox): a retried job sends nothing. */
    async alreadySent(idempotencyKey: string): Promise<boolean> {
      const [row] = await db
        .select({ id: outboundMessages.id })
        .from(outboundMessages)
        .where(eq(outboundMessages.idempotencyKey, idempotencyKey));
      return Boolean(row);
    },

    /**
     * A week's figures for the digest, in one pass over the owner's reviews of the week (owner + created_at
     * index), plus the unanswered reviews of all time: what is waiting now.
     */
    async weekFigures(ownerId: number, from: Date, to: Date) {
      const inWeek = and(
        eq(reviews.ownerId, ownerId),
        gte(reviews.createdAt, from),
        lt(reviews.createdAt, to),
      );
      const [figures] = await db
        .select({
          newReviews: count(),
          averageRating: sql<
            string | null
          >`round(avg(${reviews.rating}) filter (where ${reviewHasStars}), 1)`,
          answered: sql<number>`count(*) filter (where ${respondedSql})`.mapWith(Number),
        })
        .from(reviews)
        .where(inWeek);
      const [waiting] = await db
        .select({ unanswered: count() })
        .from(reviews)
        .where(and(eq(reviews.ownerId, ownerId), sql`not (${respondedSql})`));
      const pick = (order: 'best' | 'worst') =>
        db
          .select({
            id: reviews.id,
            rating: reviews.rating,
            content: reviews.content,
            reviewerName: reviews.reviewerName,
            type: reviews.type,
          })
          .from(reviews)
          .where(inWeek)
          .orderBy(
            order === 'best' ? desc(reviews.rating) : asc(reviews.rating),
            desc(reviews.createdAt),
            desc(reviews.id),
          )
          .limit(1);
      const [[best], [worst]] = await Promise.all([pick('best'), pick('worst')]);
      const total = figures?.newReviews ?? 0;
      return {
        newReviews: total,
        averageRating:
          figures?.averageRating === null || figures?.averageRating === undefined
            ? null
            : Number(figures.averageRating),
        responseRate: total === 0 ? null : Math.round(((figures?.answered ?? 0) / total) * 100),
        unanswered: waiting?.unanswered ?? 0,
        best: best ?? null,
        worst: total > 1 ? (worst ?? null) : null,
      };
    },

    async hasAnyReview(ownerId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: reviews.id })
        .from(reviews)
        .where(eq(reviews.ownerId, ownerId))
        .limit(1);
      return Boolean(row);
    },

    /** Queues this week's digest for every active client who wants it; the dedupe key makes it once a week. */
    async queueDigests(weekStart: string): Promise<void> {
      await db.execute(sql`
        insert into jobs (queue, payload, dedupe_key)
        select 'send-weekly-digest', jsonb_build_object('userId', u.id, 'weekStart', ${weekStart}::text),
          'weekly-digest:' || u.id || ':' || ${weekStart}::text
        from users u
        left join notification_settings s on s.user_id = u.id
        where u.role = 'client' and u.disabled_at is null and coalesce(s.weekly_digest, true)
        on conflict (dedupe_key) where dedupe_key is not null do nothing`);
    },
  };
}

export type AlertsRepository = ReturnType<typeof createAlertsRepository>;

/** The saved alert settings of these users, in the caller's transaction; a user without a row has none. */
export function savedNotificationSettings(tx: Pick<Database, 'select'>, userIds: number[]) {
  return tx.select().from(notificationSettings).where(inArray(notificationSettings.userId, userIds));
}

/** Whether the owner takes instant alert emails (the default without a saved row), in the caller's transaction. */
export async function takesInstantAlerts(tx: Pick<Database, 'select'>, ownerId: number): Promise<boolean> {
  const [saved] = await savedNotificationSettings(tx, [ownerId]);
  return (saved ?? DEFAULT_NOTIFICATION_SETTINGS).instantAlerts;
}

/** A transaction or the database: a notification is written in the same transaction as its cause. */
export type NotificationExecutor = Pick<Database, 'insert'>;

/** Writes the bell's events; call it with the transaction that wrote what they report. */
export async function recordNotifications(db: NotificationExecutor, rows: NewNotification[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(notifications).values(
    rows.map((row) => ({
      ownerId: row.ownerId,
      kind: row.kind,
      title: row.title,
      body: row.body ?? '',
      target: row.target,
      reviewId: row.reviewId ?? null,
      reviewRequestId: row.reviewRequestId ?? null,
    })),
  );
}
