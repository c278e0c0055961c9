import type { Channel } from '@shared/schemas/domain';
import type { AppContext } from '../../lib/context';
import type { MailMessage } from '../../lib/mail/mailer';
import type { Job } from '../../lib/queue/worker';
import { DeferJobError, PermanentJobError } from '../../lib/queue/worker';
import { TwilioError } from '../../lib/twilio/twilio';
import { composeEmail, composeText, reminderSubject, templateFor } from '../templates';
import { claimFor, createDeliveryRepository, type DeliveryRepository } from './delivery.repository';
import { withSecretsHidden } from './stored-copy';
import { unsubscribeToken } from '../contacts';
import {
  createRequestSettingsRepository,
  customerTimeZone,
  reminderKey,
  sendingRules,
  sendTimeFor,
  type SendingRules,
} from '../review-requests';

export type Transport = 'smtp' | 'twilio' | 'outbox';

export interface SendOutcome {
  status: 'sent' | 'outbox' | 'failed';
  transport: Transport;
  messageId?: string;
  error?: string;
  /** A failure retrying will not fix (a rejected address or number). */
  permanent?: boolean;
}

type SendCtx = Pick<AppContext, 'db' | 'mailer' | 'logger' | 'events'>;

/** The message as the mailer sends it, with what the outbox records beside it. */
export interface EmailInput extends MailMessage {
  ownerId: number | null;
  reviewRequestId?: number;
  /** Names what the email is about; recorded with a sent (or outboxed) message so a retry can skip it. */
  idempotencyKey?: string;
  /**
   * Strings only the recipient may read (a reset, verification or invitation link's token): sent as written,
   * kept in outbound_messages as [redacted] (stored-copy.ts), in outbox mode too.
   */
  secrets?: string[];
}

function smtpFailure(error: unknown): { message: string; permanent: boolean } {
  const err = error as { message?: string; response?: string; responseCode?: number };
  const code = typeof err.responseCode === 'number' ? err.responseCode : undefined;
  return {
    message: (err.response || err.message || String(error)).slice(0, 2000),
    permanent: code !== undefined && code >= 500,
  };
}

type EmailAttempt = { outcome: SendOutcome; record: Parameters<DeliveryRepository['recordAttempt']>[0] };

/**
 * Sends an email over SMTP, or keeps it in the outbox when SMTP is unconfigured; the attempt is recorded either
 * way, with the secrets the sender marked hidden from the record.
 */
async function deliverEmail(ctx: SendCtx, input: EmailInput): Promise<EmailAttempt> {
  const { outcome, record } = await sendOrKeepEmail(ctx, input);
  return { outcome, record: withSecretsHidden(record, input.secrets) };
}

async function sendOrKeepEmail(ctx: SendCtx, input: EmailInput): Promise<EmailAttempt> {
  const base = {
    ownerId: input.ownerId,
    reviewRequestId: input.reviewRequestId ?? null,
    channel: 'email' as const,
    recipient: input.to,
    subject: input.subject,
    body: input.text,
    html: input.html ?? null,
  };
  if (ctx.mailer.mode === 'outbox') {
    return {
      outcome: { status: 'outbox', transport: 'outbox' },
      record: {
        ...base,
        transport: 'outbox',
        status: 'outbox',
        idempotencyKey: input.idempotencyKey ?? null,
      },
    };
  }
  try {
    const result = await ctx.mailer.send({
      to: input.to,
      subject: input.subject,
      text: input.text,
      html: input.html,
      headers: input.headers,
      onBehalfOf: input.onBehalfOf,
      replyTo: input.replyTo,
    });
    return {
      outcome: { status: 'sent', transport: 'smtp', messageId: result.messageId },
      record: {
        ...base,
        transport: 'smtp',
        status: 'sent',
        providerMessageId: result.messageId,
        providerResponse: result.response,
        idempotencyKey: input.idempotencyKey ?? null,
      },
    };
  } catch (error) {
    const failure = smtpFailure(error);
    ctx.logger.warn({ err: failure.message, to: input.to }, 'email failed');
    return {
      outcome: { status: 'failed', transport: 'smtp', error: failure.message, permanent: failure.permanent },
      record: { ...base, transport: 'smtp', status: 'failed', error: failure.message },
    };
  }
}

/** Sends one email (through SMTP or into the outbox) and records it in outbound_messages. */
export async function sendEmail(
  ctx: SendCtx,
  input: EmailInput,
): Promise<SendOutcome & { outboundMessageId: number }> {
  const { outcome, record } = await deliverEmail(ctx, input);
  const outboundMessageId = await createDeliveryRepository(ctx.db, ctx.events).recordAttempt(record);
  return { ...outcome, outboundMessageId };
}

async function deliverText(
  ctx: Pick<AppContext, 'twilio' | 'logger'>,
  channel: 'sms' | 'whatsapp',
  to: string,
  body: string,
  template?: Record<string, string>,
) {
  const recipient = channel === 'whatsapp' ? `whatsapp:${to}` : to;
  const base = { channel, recipient, subject: null, body, html: null };
  if (!ctx.twilio.configured(channel)) {
    return {
      outcome: { status: 'outbox', transport: 'outbox' } satisfies SendOutcome,
      record: { ...base, transport: 'outbox', status: 'outbox' },
    };
  }
  try {
    const result = await ctx.twilio.send({ channel, to, body, template });
    return {
      outcome: { status: 'sent', transport: 'twilio', messageId: result.sid } satisfies SendOutcome,
      record: {
        ...base,
        transport: 'twilio',
        status: 'sent',
        providerMessageId: result.sid,
        providerResponse: result.response,
      },
    };
  } catch (error) {
    const twilioError = error instanceof TwilioError ? error : undefined;
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
    ctx.logger.warn({ err: message, channel }, 'twilio send failed');
    return {
      outcome: {
        status: 'failed',
        transport: 'twilio',
        error: message,
        permanent: twilioError?.permanent ?? false,
      } satisfies SendOutcome,
      record: {
        ...base,
        transport: 'twilio',
        status: 'failed',
        error: message,
        providerResponse: twilioError?.response ?? null,
      },
    };
  }
}

/**
 * Sends one text (through Twilio, or into the outbox when it is not configured) outside a review request, and
 * records it in outbound_messages with the secrets the sender marked hidden.
 */
export async function sendText(
  ctx: Pick<AppContext, 'db' | 'twilio' | 'logger' | 'events'>,
  input: {
    ownerId: number;
    channel: 'sms' | 'whatsapp';
    to: string;
    body: string;
    idempotencyKey?: string;
    secrets?: string[];
  },
): Promise<SendOutcome & { outboundMessageId: number }> {
  const { outcome, record } = await deliverText(ctx, input.channel, input.to, input.body);
  const outboundMessageId = await createDeliveryRepository(ctx.db, ctx.events).recordAttempt(
    withSecretsHidden(
      {
        ...record,
        ownerId: input.ownerId,
        // Kept with what went out (or into the outbox) only, as sendEmail does: a failure is tried again.
        idempotencyKey: outcome.status === 'failed' ? null : (input.idempotencyKey ?? null),
      },
      input.secrets,
    ),
  );
  return { ...outcome, outboundMessageId };
}

const CHANNEL_LABEL: Record<Channel, string> = { email: 'email', sms: 'SMS', whatsapp: 'WhatsApp' };

type DeliveryRow = NonNullable<Awaited<ReturnType<DeliveryRepository['loadForDelivery']>>>;
type MessageRecord = Parameters<DeliveryRepository['recordAttempt']>[0];

const OPT_OUT_OF = (row: DeliveryRow, channel: Channel) =>
  ({ email: row.emailOptedOutAt, sms: row.smsOptedOutAt, whatsapp: row.whatsappOptedOutAt })[channel];

/** Why this request's contact cannot get a message on its channel now, or null when it can. */
function unreachableReason(row: DeliveryRow, channel: Channel): string | null {
  if (row.contactId === null) return 'The contact no longer exists';
  if (OPT_OUT_OF(row, channel)) return `Contact opted out of ${channel}`;
  const address = channel === 'email' ? row.contactEmail : row.contactPhone;
  if (!address)
    return channel === 'email'
      ? 'Contact has no email address'
      : `Contact has no phone number for ${CHANNEL_LABEL[channel]}`;
  return null;
}

/**
 * Renders and sends one message of a request (the first, or reminder n) on its channel. A retry of a text
 * may follow a send Twilio accepted but never confirmed (a crash, a dropped connection): Twilio's own record
 * decides, so the customer never gets the text twice (the review link in the body is unique to the request).
 */
async function sendRequestMessage(
  ctx: AppContext,
  row: DeliveryRow,
  channel: Channel,
  options: { attempt: number; reminder?: number; since: Date },
): Promise<{ outcome: SendOutcome; record: MessageRecord }> {
  const { publicBaseUrl } = ctx.env;
  const address = (channel === 'email' ? row.contactEmail : row.contactPhone)!;
  const template = templateFor(
    channel,
    row.chosenBody !== null
      ? { subject: row.chosenSubject, body: row.chosenBody }
      : row.defaultBody !== null
        ? { subject: row.defaultSubject, body: row.defaultBody }
        : undefined,
    row.language,
  );
  const firstName = row.contactName!.trim().split(/\s+/)[0] || row.contactName!;
  const business = row.companyName || row.locationName;
  const variables = { name: firstName, business, link: `${publicBaseUrl}/review/${row.uniqueLink}` };
  const idempotencyKey = options.reminder ? reminderKey(row.id, options.reminder) : undefined;
  const base = { ownerId: row.ownerId, reviewRequestId: row.id };

  if (channel === 'email') {
    const unsubscribeUrl = `${publicBaseUrl}/api/unsubscribe/${unsubscribeToken(ctx.secretBox, row.contactId!, 'email')}`;
    const email = composeEmail(template, variables, { unsubscribeUrl, language: row.language });
    const { outcome, record } = await deliverEmail(ctx, {
      ...base,
      to: address,
      ...email,
      subject: options.reminder ? reminderSubject(email.subject, row.language) : email.subject,
      onBehalfOf: business,
      replyTo: row.ownerEmail,
      idempotencyKey,
      headers: {
        'List-Unsubscribe': `<${unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    return { outcome, record };
  }

  const body = composeText(template, variables, channel, row.language);
  const recipient = channel === 'whatsapp' ? `whatsapp:${address}` : address;
  const earlier =
    options.attempt > 1
      ? await ctx.twilio.findSent({ channel, to: address, marker: variables.link, since: options.since })
      : undefined;
  if (earlier) {
    ctx.logger.info({ reviewRequest: row.id, sid: earlier.sid }, 'found an interrupted send at Twilio');
    return {
      outcome: { status: 'sent', transport: 'twilio', messageId: earlier.sid },
      record: {
        ...base,
        channel,
        transport: 'twilio',
        recipient,
        body,
        status: 'sent',
        providerMessageId: earlier.sid,
        providerResponse: 'Found at Twilio after an interrupted send; not sent again.',
        idempotencyKey: idempotencyKey ?? null,
      },
    };
  }
  const { outcome, record } = await deliverText(ctx, channel, address, body, {
    '1': variables.name,
    '2': variables.business,
    '3': variables.link,
  });
  return { outcome, record: { ...record, ...base, idempotencyKey: idempotencyKey ?? null } };
}

/** The customer's time zone for quiet hours and reminders (sending-schedule.ts says which one wins). */
const zoneOf = (row: DeliveryRow, rules: SendingRules) =>
  customerTimeZone({ timeZone: row.contactTimeZone, phone: row.contactPhone }, row.locationTimeZone, rules);

/**
 * The customer's quiet hours, checked when the job runs (it was queued for their morning, but a queue that
 * fell behind may reach it at night): waits, uncounted, until they end.
 */
async function holdForQuietHours(ctx: AppContext, row: DeliveryRow): Promise<SendingRules> {
  const rules = sendingRules(await createRequestSettingsRepository(ctx.db).get(row.ownerId));
  const now = ctx.now();
  const allowed = sendTimeFor(now, zoneOf(row, rules), rules);
  if (allowed > now) throw new DeferJobError(allowed);
  return rules;
}

/**
 * The 'deliver-review-request' job: sends a queued review request once. Idempotent: a request that is no
 * longer queued is left alone, and the conditional claim keeps two workers from sending the same one. What
 * went out schedules the first follow-up reminder; what was kept in the outbox says so in its status.
 */
export function createDeliveryHandler(ctx: AppContext) {
  const repo = createDeliveryRepository(ctx.db, ctx.events);

  const fail = async (id: number, reason: string): Promise<never> => {
    await repo.markFailed(id, reason);
    throw new PermanentJobError(reason);
  };

  return async function deliverReviewRequest(
    payload: { reviewRequestId: number },
    job: Pick<Job, 'id' | 'attempts' | 'isLastAttempt'>,
  ): Promise<void> {
    const id = payload.reviewRequestId;
    const row = await repo.loadForDelivery(id);
    if (!row || row.status !== 'queued' || row.sentAt || row.method === 'link') return; // handled already
    const channel = row.method;
    const problem = unreachableReason(row, channel);
    if (problem) return fail(id, problem);
    const rules = await holdForQuietHours(ctx, row);

    const claim = claimFor(job.id, job.attempts);
    if (!(await repo.claim(id, claim))) {
      const now = await repo.loadForDelivery(id);
      if (!now || now.status !== 'queued' || now.sentAt) return;
      throw new Error('This review request is being sent by another worker');
    }

    const { outcome, record } = await sendRequestMessage(ctx, row, channel, {
      attempt: job.attempts,
      // Twilio's dates have whole seconds and its clock is not ours: an hour's margin.
      since: new Date(row.queuedAt.getTime() - 60 * 60 * 1000),
    });
    if (outcome.status !== 'failed') {
      await repo.recordSent(id, claim, record, outcome.messageId ?? null, {
        status: outcome.status,
        sentAt: ctx.now(),
        reminders: outcome.status === 'sent' ? { rules, timeZone: zoneOf(row, rules) } : undefined,
      });
      return;
    }
    await repo.recordAttempt(record);
    const reason = outcome.error ?? 'The message could not be sent';
    if (outcome.permanent || job.isLastAttempt) return fail(id, reason);
    await repo.releaseClaim(id, claim);
    throw new Error(reason);
  };
}

/**
 * The 'send-request-reminder' job: reminder n of a request whose customer has not reviewed yet. It is not
 * sent once the review is in, the request is cancelled or failed, or the contact opted out; the timeline
 * says which. A sent reminder schedules the next one.
 */
export function createReminderHandler(ctx: AppContext) {
  const repo = createDeliveryRepository(ctx.db, ctx.events);

  return async function sendRequestReminder(
    payload: { reviewRequestId: number; reminder: number },
    job: Pick<Job, 'attempts' | 'isLastAttempt'>,
  ): Promise<void> {
    const { reviewRequestId: id, reminder } = payload;
    const row = await repo.loadForDelivery(id);
    if (!row || row.method === 'link' || row.remindersSent >= reminder) return;
    const cancel = (reason: string) => repo.recordReminderCancelled(row, reason);
    if (row.status === 'completed' || row.completedAt) return cancel('The customer left their review');
    if (row.status === 'cancelled') return cancel('The request was cancelled');
    if (row.status === 'failed') return cancel('The request was not delivered');
    const channel = row.method;
    const problem = unreachableReason(row, channel);
    if (problem) return cancel(problem);
    const rules = await holdForQuietHours(ctx, row);

    const now = ctx.now();
    const { outcome, record } = await sendRequestMessage(ctx, row, channel, {
      attempt: job.attempts,
      reminder,
      since: new Date(now.getTime() - 6 * 60 * 60 * 1000),
    });
    if (outcome.status === 'failed') {
      await repo.recordAttempt(record);
      if (outcome.permanent || job.isLastAttempt) {
        await cancel(`Could not be sent: ${outcome.error ?? 'unknown error'}`);
        throw new PermanentJobError(outcome.error ?? 'The reminder could not be sent');
      }
      throw new Error(outcome.error ?? 'The reminder could not be sent');
    }
    await repo.recordReminderSent(row, reminder, record, {
      rules,
      timeZone: zoneOf(row, rules),
      sentAt: row.sentAt ?? now,
    });
  };
}

export function channelModes(ctx: Pick<AppContext, 'mailer' | 'twilio'>) {
  return {
    email: { mode: ctx.mailer.mode },
    sms: { mode: ctx.twilio.configured('sms') ? ('twilio' as const) : ('outbox' as const) },
    whatsapp: {
      mode: ctx.twilio.configured('whatsapp') ? ('twilio' as const) : ('outbox' as const),
      /** Sent as an approved Content template (else as free text, refused outside a 24-hour window). */
      template: ctx.twilio.whatsappTemplate,
    },
  };
}

/** POST /api/email-test: the client's own email template, rendered with sample values, to the signed-in user. */
export async function sendTestEmail(
  ctx: AppContext,
  input: { ownerId: number; to: string; firstName: string },
) {
  const repo = createDeliveryRepository(ctx.db, ctx.events);
  const [own, companyName] = await Promise.all([
    repo.defaultTemplate(input.ownerId, 'email'),
    repo.companyName(input.ownerId),
  ]);
  const template = templateFor('email', own);
  const email = composeEmail(template, {
    name: input.firstName || 'Alex',
    business: companyName || 'Your business',
    link: `${ctx.env.publicBaseUrl}/review/example`,
  });
  const subject = `[Test] ${email.subject}`;
  const result = await sendEmail(ctx, {
    ownerId: input.ownerId,
    to: input.to,
    subject,
    text: email.text,
    html: email.html,
  });
  return {
    status: result.status,
    transport: result.transport,
    ...(result.messageId ? { messageId: result.messageId } : {}),
    ...(result.error ? { error: result.error } : {}),
    to: input.to,
    subject,
    text: email.text,
  };
}
