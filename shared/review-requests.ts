import type { Channel, RequestMethod, RequestStatus } from './domain';

// The review requests' words, without zod (the schemas are in shared/schemas/review-requests.ts, which
// exports these too).

// The messages are the spec's (seed-spec section 5); the form and the API share these schemas.
export const REQUEST_MESSAGES = {
  location: 'Please select a location',
  contact: 'Please select a contact',
  method: 'Please select a method',
} as const;

/** Bulk sends are capped so one call stays one bounded transaction. */
export const BULK_MAX_CONTACTS = 1000;
export const REQUEST_PAGE_SIZE = 10;
export const REQUEST_MAX_PAGE_SIZE = 100;
/** Without paging parameters the list answers the newest 100. */
export const REQUEST_UNPAGED_LIMIT = 100;
export const TAG_MAX = 50;

export const METHOD_LABELS: Record<Channel, string> = { email: 'Email', sms: 'SMS', whatsapp: 'WhatsApp' };
export const REQUEST_METHOD_LABELS: Record<RequestMethod, string> = { ...METHOD_LABELS, link: 'Link' };

export const BULK_MESSAGES = {
  target: 'Please select at least one contact or a tag',
  tooMany: `You can send at most ${/* @__PURE__ */ BULK_MAX_CONTACTS.toLocaleString('en-US')} requests at once`,
} as const;

/** A contact a bulk send leaves out, with their name (null: not one of the client's contacts) and why. */
export interface BulkSkipped {
  contactId: number;
  name: string | null;
  reason: string;
}

export interface BulkReviewRequestResult {
  created: number;
  skipped: BulkSkipped[];
}

/**
 * POST /api/review-requests/bulk/preview (same body as /bulk): what the send would do, sending nothing. The
 * message is the first customer's, rendered as delivery renders it (their personal link is made on sending).
 */
export interface BulkReviewRequestPreview {
  count: number;
  skipped: BulkSkipped[];
  message: { contactName: string; subject: string | null; body: string } | null;
}

export interface LastAsk {
  askedAt: string;
  method: Channel;
  windowDays: number;
}

const ASKED_BY: Record<Channel, string> = { email: 'email', sms: 'SMS', whatsapp: 'WhatsApp' };

/** "3 Mar", with the year when it is not this year's; in `timeZone` (the browser's when absent). */
export function shortDate(at: Date | string, timeZone?: string, now: Date = new Date()): string {
  const date = new Date(at);
  const year = (d: Date) => new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric' }).format(d);
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'short',
    ...(year(date) === year(now) ? {} : { year: 'numeric' }),
  }).format(date);
}

/** "Asked on 3 Mar by email": when and how a contact was last asked. */
export const askedOnText = (ask: { askedAt: Date | string; method: Channel }, timeZone?: string) =>
  `Asked on ${shortDate(ask.askedAt, timeZone)} by ${ASKED_BY[ask.method]}`;

/** Why an automatic send left a contact out: "Asked on 3 Mar by email: at most once every 30 days". */
export const askedRecentlyReason = (
  ask: { askedAt: Date | string; method: Channel },
  windowDays: number,
  timeZone?: string,
) => `${askedOnText(ask, timeZone)}: at most once every ${windowDays} day${windowDays === 1 ? '' : 's'}`;

/** Why a request was cancelled when the customer reviewed through another one of theirs. */
export const REVIEWED_ELSEWHERE = 'Reviewed through another request';

/** A review request as the API answers it, with its contact's and location's names. */
export interface ReviewRequest {
  id: number;
  locationId: number;
  locationName: string | null;
  contactId: number | null;
  contactName: string | null;
  /** A channel, or `link`: a one-off link the owner hands out themselves (no message is sent). */
  method: RequestMethod;
  templateId: number | null;
  uniqueLink: string;
  status: RequestStatus;
  failureReason: string | null;
  createdAt: string;
  queuedAt: string;
  sentAt: string | null;
  deliveredAt: string | null;
  openedAt: string | null;
  completedAt: string | null;
  failedAt: string | null;
  cancelledAt: string | null;
  /** Why it was cancelled when not by the owner, e.g. "Reviewed through another request". */
  cancelReason: string | null;
  remindersSent: number;
  /** The request this one resent with a new link. */
  resentFromId: number | null;
}

/** Every step of a request, for its timeline. */
export const REQUEST_EVENT_KINDS = [
  'created',
  'waiting',
  'sent',
  'outbox',
  'failed',
  'delivered',
  'opened',
  'completed',
  'reminder_scheduled',
  'reminder_sent',
  'reminder_cancelled',
  'retried',
  'resent',
  'cancelled',
] as const;
export type RequestEventKind = (typeof REQUEST_EVENT_KINDS)[number];

export const REQUEST_EVENT_LABELS: Record<RequestEventKind, string> = {
  created: 'Created',
  waiting: 'Waiting for quiet hours to end',
  sent: 'Sent',
  outbox: 'Kept in the outbox (not sent)',
  failed: 'Failed',
  delivered: 'Delivered',
  opened: 'Opened by the customer',
  completed: 'Review left',
  reminder_scheduled: 'Reminder scheduled',
  reminder_sent: 'Reminder sent',
  reminder_cancelled: 'Reminder cancelled',
  retried: 'Retried',
  resent: 'Resent with a new link',
  cancelled: 'Cancelled',
};

export interface RequestEvent {
  kind: RequestEventKind;
  detail: string | null;
  createdAt: string;
}

/** GET /api/review-requests/:id: the request and its timeline, oldest step first. */
export interface ReviewRequestDetail extends ReviewRequest {
  events: RequestEvent[];
}

const PROVIDER_OF: Record<Channel, string> = { email: 'email', sms: 'SMS', whatsapp: 'WhatsApp' };

/** The words for a status, the same on the list, the request and the dashboard. */
export function requestStatusText(status: RequestStatus, method: RequestMethod): string {
  switch (status) {
    case 'outbox':
      return method === 'link' ? 'Not sent' : `Not sent: no ${PROVIDER_OF[method]} provider configured`;
    case 'sent':
      return method === 'link' ? 'Link created' : 'Sent';
    default:
      return REQUEST_STATUS_LABELS[status];
  }
}

export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  queued: 'Queued',
  sent: 'Sent',
  outbox: 'Not sent',
  delivered: 'Delivered',
  opened: 'Opened',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** What the owner can do with a request in each state. */
export const canRetry = (r: Pick<ReviewRequest, 'status' | 'method'>) =>
  r.method !== 'link' && (r.status === 'failed' || r.status === 'outbox');
export const canCancel = (r: Pick<ReviewRequest, 'status'>) =>
  r.status === 'queued' ||
  r.status === 'outbox' ||
  r.status === 'sent' ||
  r.status === 'delivered' ||
  r.status === 'opened';
export const canResend = (r: Pick<ReviewRequest, 'status' | 'method' | 'contactId'>) =>
  r.method !== 'link' && r.contactId !== null;

/** GET /api/review-requests/:id/qr and GET /api/locations/:id/qr (seed-spec section 3). */
export interface QrCodeResponse {
  qrCode: string;
  url: string;
}

/** POST /api/review-requests/link: the one-off request, its link and QR code. */
export interface LinkRequestResponse extends QrCodeResponse {
  request: ReviewRequest;
}

export function optedOutMessage(method: Channel): string {
  return `This contact has opted out of ${METHOD_LABELS[method]} messages.`;
}
