import type { AppContext } from '../../lib/context';
import { displayName } from '@shared/display-name';
import { directionOf } from '@shared/i18n/languages';
import { messagesIn } from '../../lib/i18n';
import { escapeHtml } from '../../lib/mail/html';
import { DeferJobError, PermanentJobError, type Job } from '../../lib/queue/worker';
import { unsubscribeToken } from '../contacts';
import { createDeliveryRepository, sendEmail, sendText } from '../delivery';
import {
  createRequestSettingsRepository,
  customerTimeZone,
  sendingRules,
  sendTimeFor,
} from '../review-requests';
import { createFeedbackCasesRepository, type CaseRow } from './feedback-cases.repository';
import { feedbackLinkUrl, sealFeedbackLink } from './feedback-link';
import { reachOf, type Reach } from './reach';

/** The business's name as the product names a client (company, else first name). */
export const businessNameOf = (row: Pick<CaseRow, 'companyName' | 'ownerFirstName'>) =>
  displayName({ companyName: row.companyName, firstName: row.ownerFirstName });

const firstNameOf = (row: CaseRow) => row.contactName?.trim().split(/\s+/)[0] || '';

/** The email of a business message, in the customer's language: the words, and their link to read and answer. */
export function feedbackEmail(row: CaseRow, body: string, links: { answer: string; unsubscribe: string }) {
  const t = messagesIn(row.language);
  const business = businessNameOf(row);
  const name = firstNameOf(row);
  const hello = name ? t('feedbackCase.hello', { name }) : t('feedbackCase.helloAnyone');
  const subject = t('feedbackCase.subject', { business }).replace(/[\r\n]+/g, ' ');
  const why = t('feedbackCase.why', { business });
  const text =
    `${hello}\n\n${t('feedbackCase.lead', { business })}\n\n${body}\n\n` +
    `${t('feedbackCase.answerHere')} ${links.answer}\n\n--\n${why} ${t('email.unsubscribe')}: ${links.unsubscribe}`;
  const paragraph = (inner: string) => `<p style="margin:0 0 16px">${inner}</p>`;
  const html =
    `<!doctype html><html lang="${row.language}" dir="${directionOf(row.language)}"><head><meta charset="utf-8">` +
    `<title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#111827">` +
    `<div style="max-width:560px;margin:0 auto;padding:24px">` +
    paragraph(escapeHtml(hello)) +
    paragraph(escapeHtml(t('feedbackCase.lead', { business }))) +
    `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #e5e7eb;white-space:pre-wrap">` +
    `${escapeHtml(body)}</blockquote>` +
    paragraph(
      `<a href="${escapeHtml(links.answer)}" style="display:inline-block;padding:12px 24px;background:#2563eb;` +
        `color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600">${escapeHtml(t('feedbackCase.button'))}</a>`,
    ) +
    `<p style="margin:24px 0 0;font-size:12px;color:#6b7280">${escapeHtml(why)} ` +
    `<a href="${escapeHtml(links.unsubscribe)}" style="color:#6b7280">${escapeHtml(t('email.unsubscribe'))}</a></p>` +
    `</div></body></html>`;
  return { subject, text, html };
}

/** The text of a business message by SMS, in the customer's language. */
export function feedbackText(row: CaseRow, body: string, answerUrl: string) {
  const t = messagesIn(row.language);
  return `${businessNameOf(row)}: ${body}\n\n${t('feedbackCase.smsAnswer')} ${answerUrl}\n${t('optOut')}`;
}

export const feedbackMessageKey = (messageId: number) => `feedback-message:${messageId}`;

type Plan =
  { kind: 'done' } | { kind: 'later'; at: Date } | { kind: 'now'; row: CaseRow; body: string; reach: Reach };

/**
 * How a case's business messages reach the customer: on the delivery path review requests take (sendEmail and
 * sendText record each attempt in outbound_messages), never on a channel they opted out of, never in their
 * quiet hours.
 */
export function createFeedbackDelivery(ctx: AppContext) {
  const repo = createFeedbackCasesRepository(ctx.db, ctx.events);
  const sent = createDeliveryRepository(ctx.db, ctx.events);

  /**
   * Where a queued message stands now: nothing left to do, held until the customer's quiet hours end (its
   * time recorded for the screens), or due. A customer who cannot be reached is recorded as not sent.
   */
  async function plan(messageId: number): Promise<Plan> {
    const found = await repo.messageForDelivery(messageId);
    if (!found || found.message.deliveryStatus !== 'queued') return { kind: 'done' };
    const { message, feedbackCase: row } = found;
    const reach = reachOf(row);
    if (!reach.channel) {
      await repo.recordDelivery(messageId, {
        status: 'not_sent',
        channel: null,
        reason: reach.reason,
        outboundMessageId: null,
      });
      return { kind: 'done' };
    }
    const rules = sendingRules(await createRequestSettingsRepository(ctx.db).get(row.ownerId));
    const zone = customerTimeZone(
      { timeZone: row.contactTimeZone, phone: row.contactPhone },
      row.locationTimeZone,
      rules,
    );
    const now = ctx.now();
    const allowed = sendTimeFor(now, zone, rules);
    await repo.scheduleMessage(messageId, allowed > now ? allowed : null);
    return allowed > now ? { kind: 'later', at: allowed } : { kind: 'now', row, body: message.body, reach };
  }

  async function sendOnce(messageId: number, row: CaseRow, body: string, reach: Reach & { channel: string }) {
    const token = sealFeedbackLink(ctx.secretBox, row);
    const answer = feedbackLinkUrl(ctx.env.publicBaseUrl, token);
    const idempotencyKey = feedbackMessageKey(messageId);
    if (reach.channel === 'email') {
      const unsubscribe = `${ctx.env.publicBaseUrl}/api/unsubscribe/${unsubscribeToken(ctx.secretBox, row.contactId!, 'email')}`;
      return sendEmail(ctx, {
        ownerId: row.ownerId,
        to: reach.to,
        ...feedbackEmail(row, body, { answer, unsubscribe }),
        onBehalfOf: businessNameOf(row),
        replyTo: row.ownerEmail,
        idempotencyKey,
        secrets: [token],
        headers: {
          'List-Unsubscribe': `<${unsubscribe}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
    }
    return sendText(ctx, {
      ownerId: row.ownerId,
      channel: 'sms',
      to: reach.to,
      body: feedbackText(row, body, answer),
      idempotencyKey,
      secrets: [token],
    });
  }

  return {
    plan,

    /** The 'send-feedback-message' job. */
    async deliver(payload: { messageId: number }, job: Pick<Job, 'isLastAttempt'>): Promise<void> {
      const { messageId } = payload;
      const next = await plan(messageId);
      if (next.kind === 'done') return;
      if (next.kind === 'later') throw new DeferJobError(next.at);
      const { row, body, reach } = next;
      const channel = reach.channel!;
      const earlier = await sent.sentUnder(feedbackMessageKey(messageId));
      if (earlier) {
        await repo.recordDelivery(messageId, {
          status: earlier.status === 'outbox' ? 'outbox' : 'sent',
          channel,
          reason: null,
          outboundMessageId: earlier.id,
        });
        return;
      }
      const result = await sendOnce(messageId, row, body, { ...reach, channel } as Reach & {
        channel: string;
      });
      if (result.status !== 'failed') {
        await repo.recordDelivery(messageId, {
          status: result.status,
          channel,
          reason: null,
          outboundMessageId: result.outboundMessageId,
        });
        return;
      }
      const reason = result.error ?? 'The message could not be sent';
      if (result.permanent || job.isLastAttempt) {
        await repo.recordDelivery(messageId, {
          status: 'failed',
          channel,
          reason,
          outboundMessageId: result.outboundMessageId,
        });
        throw new PermanentJobError(reason);
      }
      throw new Error(reason);
    },
  };
}
