import { and, asc, count, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_RETENTION_DAYS,
  type NotificationSettings,
} from '@shared/schemas/notifications';
import type { Database } from '../../db/client';
import {
  locations,
  notifications,
  notificationSettings,
  outboundMessages,
  reviews,
  users,
} from '../../db/schema';
import { reviewIsResponded } from '../../db/review-predicates';

/** Responded when responseContent is present (seed-spec section 4): blank text counts as absent. */
const respondedSql = reviewIsResponded;

export type NotificationRow = typeof notifications.$inferSelect;

/** Newest first: matches notifications_owner_created_idx (DESC NULLS FIRST, Postgres' default for DESC). */
const newestFirst = [desc(notifications.createdAt), desc(notifications.id)];

export function createNotificationsRepository(db: Database) {
  const whereOf = (ownerId: number, unreadOnly: boolean) =>
    and(eq(notifications.ownerId, ownerId), unreadOnly ? isNull(notifications.readAt) : undefined);

  return {
    async list(ownerId: number, window: { limit: number; offset: number; unreadOnly: boolean }) {
      return db
        .select()
        .from(notifications)
        .where(whereOf(ownerId, window.unreadOnly))
        .orderBy(...newestFirst)
        .limit(window.limit)
        .offset(window.offset);
    },

    async count(ownerId: number, unreadOnly: boolean): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(notifications)
        .where(whereOf(ownerId, unreadOnly));
      return row?.total ?? 0;
    },

    async markRead(ownerId: number, id: number): Promise<NotificationRow | undefined> {
      const [row] = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(and(eq(notifications.ownerId, ownerId), eq(notifications.id, id)))
        .returning();
      return row;
    },

    async markAllRead(ownerId: number): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(eq(notifications.ownerId, ownerId), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return rows.length;
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
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          companyName: users.companyName,
          role: users.role,
          disabledAt: users.disabledAt,
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
          averageRating: sql<string | null>`round(avg(${reviews.rating}), 1)`,
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
