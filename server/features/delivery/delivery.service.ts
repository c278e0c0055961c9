import type { Channel } from '@shared/schemas/domain';
import { DEFAULT_TEMPLATES, type TemplateText } from '@shared/templates';
import type { AppContext } from '../../lib/context';
import type { Job } from '../../lib/queue/worker';
import { PermanentJobError } from '../../lib/queue/worker';
import { TwilioError } from '../../lib/twilio/twilio';
import { composeEmail, composeText } from './compose';
import { claimFor, createDeliveryRepository, type DeliveryRepository } from './delivery.repository';
import { unsubscribeToken } from './unsubscribe-token';

export type Transport = 'smtp' | 'twilio' | 'outbox';

export interface SendOutcome {
  status: 'sent' | 'outbox' | 'failed';
  transport: Transport;
  messageId?: string;
  error?: string;
  /** A failure retrying will not fix (a rejected address or number). */
  permanent?: boolean;
}

type SendCtx = Pick<AppContext, 'db' | 'mailer' | 'logger'>;

export interface EmailInput {
  ownerId: number | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  reviewRequestId?: number;
  /** Names what the email is about; recorded with a sent (or outboxed) message so a retry can skip it. */
  idempotencyKey?: string;
}

function smtpFailure(error: unknown): { message: string; permanent: boolean } {
  const err = error as { message?: string; response?: string; responseCode?: number };
  const code = typeof err.responseCode === 'number' ? err.responseCode : undefined;
  return {
    message: (err.response || err.message || String(error)).slice(0, 2000),
    permanent: code !== undefined && code >= 500,
  };
}

/** Sends an email over SMTP, or keeps it in the outbox when SMTP is unconfigured; the attempt is recorded either way. */
async function deliverEmail(
  ctx: SendCtx,
  input: EmailInput,
): Promise<{ outcome: SendOutcome; record: Parameters<DeliveryRepository['recordAttempt']>[0] }> {
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
  const outboundMessageId = await createDeliveryRepository(ctx.db).recordAttempt(record);
  return { ...outcome, outboundMessageId };
}

async function deliverText(
  ctx: Pick<AppContext, 'twilio' | 'logger'>,
  channel: 'sms' | 'whatsapp',
  to: string,
  body: string,
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
    const result = await ctx.twilio.send({ channel, to, body });
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

const CHANNEL_LABEL: Record<Channel, string> = { email: 'email', sms: 'SMS', whatsapp: 'WhatsApp' };

export function templateFor(
  channel: Channel,
  own: { subject: string | null; body: string } | undefined,
): TemplateText {
  return own
    ? { subject: own.subject ?? DEFAULT_TEMPLATES[channel].subject, body: own.body }
    : DEFAULT_TEMPLATES[channel];
}

/**
 * The 'deliver-review-request' job: sends a queued review request once. Idempotent: a request that is no
 * longer queued is left alone, and the conditional claim keeps two workers from sending the same one.
 */
export function createDeliveryHandler(ctx: AppContext) {
  const repo = createDeliveryRepository(ctx.db);
  const { publicBaseUrl } = ctx.env;

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
    if (!row || row.status !== 'queued' || row.sentAt) return; // deleted, or already handled

    const channel = row.method;
    if (row.contactId === null) return fail(id, 'The contact no longer exists');
    const optedOut = { email: row.emailOptedOutAt, sms: row.smsOptedOutAt, whatsapp: row.whatsappOptedOutAt }[
      channel
    ];
    if (optedOut) return fail(id, `Contact opted out of ${channel}`);
    const address = channel === 'email' ? row.contactEmail : row.contactPhone;
    if (!address) {
      return fail(
        id,
        channel === 'email'
          ? 'Contact has no email address'
          : `Contact has no phone number for ${CHANNEL_LABEL[channel]}`,
      );
    }

    const claim = claimFor(job.id, job.attempts);
    if (!(await repo.claim(id, claim))) {
      const now = await repo.loadForDelivery(id);
      if (!now || now.status !== 'queued' || now.sentAt) return;
      throw new Error('This review request is being sent by another worker');
    }

    const template = templateFor(
      channel,
      row.chosenBody !== null
        ? { subject: row.chosenSubject, body: row.chosenBody }
        : row.defaultBody !== null
          ? { subject: row.defaultSubject, body: row.defaultBody }
          : undefined,
    );
    const firstName = row.contactName!.trim().split(/\s+/)[0] || row.contactName!;
    const variables = {
      name: firstName,
      business: row.companyName || row.locationName,
      link: `${publicBaseUrl}/review/${row.uniqueLink}`,
    };

    let outcome: SendOutcome;
    let record: Parameters<DeliveryRepository['recordAttempt']>[0];
    if (channel === 'email') {
      const unsubscribeUrl = `${publicBaseUrl}/api/unsubscribe/${unsubscribeToken(ctx.secretBox, row.contactId, 'email')}`;
      const email = composeEmail(template, variables, { unsubscribeUrl });
      ({ outcome, record } = await deliverEmail(ctx, {
        ownerId: row.ownerId,
        reviewRequestId: id,
        to: address,
        ...email,
        headers: {
          'List-Unsubscribe': `<${unsubscribeUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      }));
    } else {
      // A retry may follow a send Twilio accepted but never confirmed (a crash, a dropped connection):
      // Twilio's own record decides, so the customer never gets the text twice. The review link in the
      // body is unique to this request.
      const earlier =
        job.attempts > 1
          ? await ctx.twilio.findSent({
              channel,
              to: address,
              marker: variables.link,
              // Twilio's dates have whole seconds and its clock is not ours: an hour's margin.
              since: new Date(row.createdAt.getTime() - 60 * 60 * 1000),
            })
          : undefined;
      if (earlier) {
        ctx.logger.info({ reviewRequest: id, sid: earlier.sid }, 'found an interrupted send at Twilio');
        await repo.recordSent(
          id,
          claim,
          {
            ownerId: row.ownerId,
            reviewRequestId: id,
            channel,
            transport: 'twilio',
            recipient: channel === 'whatsapp' ? `whatsapp:${address}` : address,
            body: composeText(template, variables),
            status: 'sent',
            providerMessageId: earlier.sid,
            providerResponse: 'Found at Twilio after an interrupted send; not sent again.',
          },
          earlier.sid,
        );
        return;
      }
      ({ outcome, record } = await deliverText(ctx, channel, address, composeText(template, variables)));
      record = { ...record, ownerId: row.ownerId, reviewRequestId: id };
    }

    if (outcome.status !== 'failed') {
      await repo.recordSent(id, claim, record, outcome.messageId ?? null);
      return;
    }
    await repo.recordAttempt(record);
    const reason = outcome.error ?? 'The message could not be sent';
    if (outcome.permanent || job.isLastAttempt) return fail(id, reason);
    await repo.releaseClaim(id, claim);
    throw new Error(reason);
  };
}

export function channelModes(ctx: Pick<AppContext, 'mailer' | 'twilio'>) {
  return {
    email: { mode: ctx.mailer.mode },
    sms: { mode: ctx.twilio.configured('sms') ? ('twilio' as const) : ('outbox' as const) },
    whatsapp: { mode: ctx.twilio.configured('whatsapp') ? ('twilio' as const) : ('outbox' as const) },
  };
}

/** POST /api/email-test: the client's own email template, rendered with sample values, to the signed-in user. */
export async function sendTestEmail(
  ctx: AppContext,
  input: { ownerId: number; to: string; firstName: string },
) {
  const repo = createDeliveryRepository(ctx.db);
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
