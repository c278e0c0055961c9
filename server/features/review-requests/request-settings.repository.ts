import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_REQUEST_SETTINGS,
  fromMinutes,
  toMinutes,
  type RequestSettings,
} from '@shared/schemas/request-settings';
import type { Database } from '../../db/client';
import { requestSettings } from '../../db/schema';
import type { QuietHours } from '../../lib/quiet-hours';

/** A client's settings as sending uses them: quiet hours in minutes, null when off. */
export interface SendingRules {
  reminderDays: number[];
  quiet: QuietHours | null;
  timeZone: string | null;
}

type Row = typeof requestSettings.$inferSelect;

function toSettings(row: Row | undefined): RequestSettings {
  if (!row) return DEFAULT_REQUEST_SETTINGS;
  return {
    remindersEnabled: row.remindersEnabled,
    firstReminderDays: row.firstReminderDays,
    secondReminderDays: row.secondReminderDays,
    quietHoursEnabled: row.quietHoursEnabled,
    quietStart: fromMinutes(row.quietStart),
    quietEnd: fromMinutes(row.quietEnd),
    timeZone: row.timeZone,
    askWindowDays: row.askWindowDays,
  };
}

export function sendingRules(settings: RequestSettings): SendingRules {
  return {
    reminderDays: settings.remindersEnabled
      ? [settings.firstReminderDays, ...(settings.secondReminderDays ? [settings.secondReminderDays] : [])]
      : [],
    quiet: settings.quietHoursEnabled
      ? { start: toMinutes(settings.quietStart), end: toMinutes(settings.quietEnd) }
      : null,
    timeZone: settings.timeZone,
  };
}

type Executor = Pick<Database, 'select'>;

export function createRequestSettingsRepository(db: Database) {
  return {
    /** The client's settings, or the defaults until they save their own. */
    async get(ownerId: number, executor: Executor = db): Promise<RequestSettings> {
      const [row] = await executor.select().from(requestSettings).where(eq(requestSettings.ownerId, ownerId));
      return toSettings(row);
    },

    async save(ownerId: number, settings: RequestSettings): Promise<RequestSettings> {
      const values = {
        remindersEnabled: settings.remindersEnabled,
        firstReminderDays: settings.firstReminderDays,
        secondReminderDays: settings.secondReminderDays,
        quietHoursEnabled: settings.quietHoursEnabled,
        quietStart: toMinutes(settings.quietStart),
        quietEnd: toMinutes(settings.quietEnd),
        timeZone: settings.timeZone,
        askWindowDays: settings.askWindowDays,
      };
      const [row] = await db
        .insert(requestSettings)
        .values({ ownerId, ...values })
        .onConflictDoUpdate({ target: requestSettings.ownerId, set: { ...values, updatedAt: sql`now()` } })
        .returning();
      return toSettings(row);
    },
  };
}
