import type { Database } from '../../db/client';
import { enqueue } from '../../lib/queue/enqueue';
import { phoneTimeZone } from '../../lib/phone-time-zone';
import { nextAllowedTime } from '../../lib/quiet-hours';
import { recordRequestEvents } from './request-events.repository';
import type { SendingRules } from './request-settings.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The customer's time zone: their own, else their phone's country's (when that country keeps one clock),
 * else their location's, else the business's; null when none is known.
 */
export const customerTimeZone = (
  contact: { timeZone: string | null | undefined; phone: string | null | undefined },
  locationTimeZone: string | null | undefined,
  rules: SendingRules,
): string | null => contact.timeZone || phoneTimeZone(contact.phone) || locationTimeZone || rules.timeZone;

/**
 * When a message due at `due` may reach a customer in `timeZone`: `due`, or the morning after their quiet
 * hours. Where no time zone is known, nothing can be said about their night: `due`.
 */
export const sendTimeFor = (due: Date, timeZone: string | null, rules: SendingRules) =>
  timeZone ? nextAllowedTime(due, timeZone, rules.quiet) : due;

/** "Wed 11 Mar, 08:00 Europe/Paris": when something happens, as the customer's clock shows it (else UTC). */
export function localDescription(at: Date, zone: string | null): string {
  const timeZone = zone ?? 'UTC';
  const text = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return `${text} ${timeZone}`;
}

export const deliveryKey = (requestId: number) => `deliver-review-request:${requestId}`;
export const reminderKey = (requestId: number, reminder: number) =>
  `request-reminder:${requestId}:${reminder}`;
/** LIKE patterns of the keys of a request's reminder jobs, and of all its jobs (sends, retries, reminders). */
export const reminderKeyPattern = (requestId: number) => `request-reminder:${requestId}:%`;
export const requestJobKeyPatterns = (requestId: number) => [
  deliveryKey(requestId),
  `${deliveryKey(requestId)}:%`,
  reminderKeyPattern(requestId),
];

/**
 * Queues reminder `reminder` (1 or 2) of a request sent at `sentAt`, if the client's settings have one: due
 * that many days after the send, moved out of the customer's quiet hours. Answers whether one was queued.
 */
export async function scheduleReminder(
  tx: Pick<Database, 'insert'>,
  input: {
    ownerId: number;
    reviewRequestId: number;
    sentAt: Date;
    reminder: number;
    rules: SendingRules;
    timeZone: string | null;
  },
): Promise<boolean> {
  const days = input.rules.reminderDays[input.reminder - 1];
  if (days === undefined) return false;
  const runAt = sendTimeFor(new Date(input.sentAt.getTime() + days * DAY_MS), input.timeZone, input.rules);
  await enqueue(
    tx,
    'send-request-reminder',
    { reviewRequestId: input.reviewRequestId, reminder: input.reminder },
    { dedupeKey: reminderKey(input.reviewRequestId, input.reminder), runAt },
  );
  await recordRequestEvents(tx, [
    {
      ownerId: input.ownerId,
      reviewRequestId: input.reviewRequestId,
      kind: 'reminder_scheduled',
      detail: `Reminder ${input.reminder} for ${localDescription(runAt, input.timeZone)}`,
    },
  ]);
  return true;
}
