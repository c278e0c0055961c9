import type {
  Notification,
  NotificationListQuery,
  NotificationSettings,
  UnreadCount,
} from '@shared/schemas/notifications';
import type { AppContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import type { AlertKind } from './alert-token';
import {
  createAlertsRepository,
  createNotificationsRepository,
  type BellReader,
  type NotificationRow,
  type NotificationsRepository,
} from './notifications.repository';

export type { BellReader };

export const NOTIFICATION_NOT_FOUND = 'Notification not found';

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    target: row.target,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/**
 * The bell (issue 10): a client's events, newest first, as one person sees them (issue 16): only those
 * about their locations, read or unread for them alone.
 */
export function createNotificationsService(repo: NotificationsRepository) {
  return {
    async list(reader: BellReader, query: NotificationListQuery) {
      const unreadOnly = query.unread === 'true';
      const [rows, total] = await Promise.all([
        repo.list(reader, {
          limit: query.pageSize,
          offset: (query.page - 1) * query.pageSize,
          unreadOnly,
        }),
        repo.count(reader, unreadOnly),
      ]);
      return { notifications: rows.map(toNotification), total };
    },

    async unreadCount(reader: BellReader): Promise<UnreadCount> {
      return { unread: await repo.count(reader, true) };
    },

    async markRead(reader: BellReader, id: number): Promise<Notification> {
      const row = await repo.markRead(reader, id);
      if (!row) throw notFound(NOTIFICATION_NOT_FOUND);
      return toNotification(row);
    },

    async markAllRead(reader: BellReader): Promise<{ updated: number }> {
      return { updated: await repo.markAllRead(reader) };
    },

    settings: (userId: number): Promise<NotificationSettings> => repo.settings(userId),
    saveSettings: (userId: number, values: NotificationSettings) => repo.saveSettings(userId, values),
  };
}

/** The service over the app's database, as its routes use it (routes never build a repository). */
export function notificationsServiceFor(ctx: Pick<AppContext, 'db'>) {
  return createNotificationsService(createNotificationsRepository(ctx.db));
}

/** What an alert email's unsubscribe link does: turns that email off; false when its user is gone. */
export function alertUnsubscribeServiceFor(ctx: Pick<AppContext, 'db'>) {
  const repo = createNotificationsRepository(ctx.db);
  const alerts = createAlertsRepository(ctx.db);
  return {
    async turnOff(userId: number, kind: AlertKind): Promise<boolean> {
      if (!(await alerts.recipient(userId))) return false;
      await repo.saveSettings(
        userId,
        kind === 'instant' ? { instantAlerts: false } : { weeklyDigest: false },
      );
      return true;
    },
  };
}
