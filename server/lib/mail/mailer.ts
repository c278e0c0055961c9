import nodemailer from 'nodemailer';
import type { Env } from '../../env';
import type { Logger } from '../logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /** Sent on a business's behalf: From reads "{business} via ReviewFlow" at MAIL_FROM's address. */
  onBehalfOf?: string;
  /** Where the customer's answer goes (the business's own address). */
  replyTo?: string;
}

export interface MailResult {
  messageId: string;
  response: string;
}

/** Email out through SMTP (SMTP_URL), or, with SMTP unconfigured, 'outbox': the caller keeps the message. */
export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  /** Sends over SMTP; throws in outbox mode (callers write the outbox themselves). */
  send(message: MailMessage): Promise<MailResult>;
  /** Checks the SMTP connection and credentials. */
  verify(): Promise<{ ok: boolean; error?: string }>;
  close(): void;
}

const DEFAULT_FROM = 'ReviewFlow <no-reply@localhost>';

/** The address part of MAIL_FROM ("ReviewFlow <no-reply@example.com>" or a bare address). */
export function fromAddress(mailFrom: string): string {
  return mailFrom.match(/<([^<>]+)>\s*$/)?.[1]?.trim() ?? mailFrom.trim();
}

/** The From of a message sent for a business: its name "via ReviewFlow", quoted by nodemailer. */
export function senderFor(mailFrom: string, onBehalfOf: string | undefined) {
  const name = onBehalfOf?.replace(/[\r\n"<>]+/g, ' ').trim();
  return name ? { name: `${name} via ReviewFlow`, address: fromAddress(mailFrom) } : mailFrom;
}
const TIMEOUT_MS = 30_000;

export function createMailer(env: Env, logger: Logger): Mailer {
  if (!env.SMTP_URL) {
    return {
      mode: 'outbox',
      send: () => Promise.reject(new Error('SMTP is not configured (outbox mode)')),
      verify: () =>
        Promise.resolve({ ok: false, error: 'SMTP is not configured: messages go to the outbox' }),
      close: () => {},
    };
  }
  const from = env.MAIL_FROM ?? DEFAULT_FROM;
  const transport = nodemailer.createTransport({
    url: env.SMTP_URL,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  const log = logger.child({ component: 'mailer' });
  return {
    mode: 'smtp',
    async send(message) {
      const info = await transport.sendMail({
        from: senderFor(from, message.onBehalfOf),
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
      });
      log.info({ messageId: info.messageId }, 'email sent');
      return { messageId: String(info.messageId ?? ''), response: String(info.response ?? '') };
    },
    async verify() {
      try {
        await transport.verify();
        return { ok: true };
      } catch (error) {
        return { ok: false, error: error instanceof Error ? error.message : String(error) };
      }
    },
    close: () => transport.close(),
  };
}
