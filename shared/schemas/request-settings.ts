import { z } from 'zod';

import { ASK_WINDOW_MAX_DAYS, SECOND_REMINDER_DEFAULT_DAYS } from '../request-settings-limits';

/** Follow-up reminders and quiet hours: how a client's review requests go out (issue 14). */
export interface RequestSettings {
  remindersEnabled: boolean;
  /** Days after the request was sent. */
  firstReminderDays: number;
  /** null: no second reminder. */
  secondReminderDays: number | null;
  quietHoursEnabled: boolean;
  /** Local "HH:MM": nothing is sent to a customer from quietStart until quietEnd in their time zone. */
  quietStart: string;
  quietEnd: string;
  /**
   * The business's IANA time zone, for customers whose own (and whose location's) is unknown; null until the
   * owner sets it: quiet hours apply only where a customer's time zone is known.
   */
  timeZone: string | null;
  /** A contact is asked at most once in this many days by bulk and API sends; 0 turns it off (issue 41). */
  askWindowDays: number;
}

export const DEFAULT_REQUEST_SETTINGS: RequestSettings = {
  remindersEnabled: true,
  firstReminderDays: 3,
  secondReminderDays: null,
  quietHoursEnabled: true,
  quietStart: '21:00',
  quietEnd: '08:00',
  timeZone: null,
  askWindowDays: 30,
};

export { ASK_WINDOW_MAX_DAYS, SECOND_REMINDER_DEFAULT_DAYS };

export const REQUEST_SETTINGS_MESSAGES = {
  days: 'Choose between 1 and 30 days',
  secondAfterFirst: 'The second reminder must come after the first',
  time: 'Use a time like 21:00',
  timeZone: 'Choose a time zone from the list',
  askWindowDays: `Choose between 0 and ${ASK_WINDOW_MAX_DAYS} days (0 turns this off)`,
} as const;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether the runtime knows the IANA zone (Europe/London, America/New_York, ...). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** An IANA zone name the runtime knows (the API and the forms of contacts, locations and settings). */
export const TimeZoneSchema = z
  .string()
  .trim()
  .min(1, { error: REQUEST_SETTINGS_MESSAGES.timeZone })
  .max(64, { error: REQUEST_SETTINGS_MESSAGES.timeZone })
  .refine(isTimeZone, { error: REQUEST_SETTINGS_MESSAGES.timeZone });

/** A form's time zone: '' or null for "not set". */
export const optionalTimeZone = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  /* @__PURE__ */ TimeZoneSchema.nullable(),
);

const days = z.coerce
  .number({ error: REQUEST_SETTINGS_MESSAGES.days })
  .int({ error: REQUEST_SETTINGS_MESSAGES.days })
  .min(1, { error: REQUEST_SETTINGS_MESSAGES.days })
  .max(30, { error: REQUEST_SETTINGS_MESSAGES.days });

const askWindowDays = z.coerce
  .number({ error: REQUEST_SETTINGS_MESSAGES.askWindowDays })
  .int({ error: REQUEST_SETTINGS_MESSAGES.askWindowDays })
  .min(0, { error: REQUEST_SETTINGS_MESSAGES.askWindowDays })
  .max(ASK_WINDOW_MAX_DAYS, { error: REQUEST_SETTINGS_MESSAGES.askWindowDays });

const time = z.string().regex(HHMM, { error: REQUEST_SETTINGS_MESSAGES.time });

export const RequestSettingsSchema = z
  .object({
    remindersEnabled: z.boolean(),
    firstReminderDays: days,
    secondReminderDays: /* @__PURE__ */ days.nullable(),
    quietHoursEnabled: z.boolean(),
    quietStart: time,
    quietEnd: time,
    timeZone: optionalTimeZone,
    askWindowDays,
  })
  .refine((s) => s.secondReminderDays === null || s.secondReminderDays > s.firstReminderDays, {
    error: REQUEST_SETTINGS_MESSAGES.secondAfterFirst,
    path: ['secondReminderDays'],
  });

export const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
export const fromMinutes = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
