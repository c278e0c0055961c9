import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Env } from '../../env';

export type TwilioChannel = 'sms' | 'whatsapp';

export interface TwilioSendResult {
  sid: string;
  status: string;
  /** The raw answer, kept with the outbound message. */
  response: string;
}

/** A failed Messages call: Twilio's own error code and message when it sent one. */
export class TwilioError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number,
    readonly code?: number,
    readonly response?: string,
  ) {
    super(message);
    this.name = 'TwilioError';
  }

  /** 4xx answers (bad number, unverified sender...) will not succeed on retry; 429 and 5xx may. */
  get permanent(): boolean {
    return this.httpStatus >= 400 && this.httpStatus < 500 && this.httpStatus !== 429;
  }
}

export interface TwilioClient {
  /** Whether each channel has credentials and a sender; otherwise its messages go to the outbox. */
  configured(channel: TwilioChannel): boolean;
  /**
   * Sends `body`; with `template` on WhatsApp and TWILIO_WHATSAPP_CONTENT_SID set, sends that approved Content
   * template with these variables instead (free text is refused outside WhatsApp's 24-hour window).
   */
  send(input: {
    channel: TwilioChannel;
    to: string;
    body: string;
    template?: Record<string, string>;
  }): Promise<TwilioSendResult>;
  /** Whether WhatsApp messages go as an approved Content template (else as free text). */
  readonly whatsappTemplate: boolean;
  /**
   * A message Twilio already holds from our sender to `to` whose body contains `marker` (a review link,
   * unique to its request), created since `since`: what an interrupted send left behind.
   */
  findSent(input: {
    channel: TwilioChannel;
    to: string;
    marker: string;
    since: Date;
  }): Promise<{ sid: string; status: string } | undefined>;
}

const TIMEOUT_MS = 30_000;

const whatsappAddress = (number: string) => (number.startsWith('whatsapp:') ? number : `whatsapp:${number}`);

/** Twilio's REST Messages API (2010-04-01) over fetch; TWILIO_API_BASE points tests at a local fake. */
export function createTwilioClient(env: Env): TwilioClient {
  const sid = env.TWILIO_ACCOUNT_SID;
  const token = env.TWILIO_AUTH_TOKEN;
  const senders: Record<TwilioChannel, string | undefined> = {
    sms: env.TWILIO_FROM,
    whatsapp: env.TWILIO_WHATSAPP_FROM,
  };
  const configured = (channel: TwilioChannel) => Boolean(sid && token && senders[channel]);
  const base = env.TWILIO_API_BASE.replace(/\/+$/, '');

  const authorization = () => `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`;
  const messagesPath = () => `/2010-04-01/Accounts/${encodeURIComponent(sid ?? '')}/Messages.json`;

  return {
    configured,
    whatsappTemplate: Boolean(env.TWILIO_WHATSAPP_CONTENT_SID),

    async findSent({ channel, to, marker, since }) {
      const from = senders[channel];
      if (!sid || !token || !from) return undefined;
      const address = (n: string) => (channel === 'whatsapp' ? whatsappAddress(n) : n);
      // Newest first; the pages are followed until they reach messages older than `since`.
      let next: string | null =
        `${messagesPath()}?${new URLSearchParams({ To: address(to), From: address(from), PageSize: '50' })}`;
      for (let page = 0; next && page < 20; page += 1) {
        const res = await fetch(`${base}${next}`, {
          headers: { Authorization: authorization(), Accept: 'application/json' },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        if (!res.ok) throw new TwilioError(`Twilio answered ${res.status} listing messages`, res.status);
        const list = (await res.json()) as {
          messages?: { sid?: string; body?: string; status?: string; date_created?: string }[];
          next_page_uri?: string | null;
        };
        for (const message of list.messages ?? []) {
          const created = message.date_created ? new Date(message.date_created) : undefined;
          if (created && created < since) return undefined;
          if (message.sid && message.body?.includes(marker)) {
            return { sid: message.sid, status: message.status ?? 'sent' };
          }
        }
        next = list.next_page_uri ?? null;
      }
      return undefined;
    },

    async send({ channel, to, body, template }) {
      const from = senders[channel];
      if (!sid || !token || !from) throw new TwilioError(`Twilio is not configured for ${channel}`, 0);
      const contentSid = channel === 'whatsapp' && template ? env.TWILIO_WHATSAPP_CONTENT_SID : undefined;
      const form = new URLSearchParams({
        To: channel === 'whatsapp' ? whatsappAddress(to) : to,
        From: channel === 'whatsapp' ? whatsappAddress(from) : from,
        ...(contentSid
          ? { ContentSid: contentSid, ContentVariables: JSON.stringify(template) }
          : { Body: body }),
        StatusCallback: `${env.publicBaseUrl}/api/webhooks/twilio/status`,
      });
      let res: Response;
      try {
        res = await fetch(`${base}${messagesPath()}`, {
          method: 'POST',
          headers: {
            Authorization: authorization(),
            'Content-Type': 'application/x-www-form-urlencoded',
            Accept: 'application/json',
          },
          body: form.toString(),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new TwilioError(
          `Could not reach Twilio: ${error instanceof Error ? error.message : String(error)}`,
          0,
        );
      }
      const text = await res.text();
      let json: Record<string, unknown> = {};
      try {
        const parsed: unknown = JSON.parse(text);
        if (parsed && typeof parsed === 'object') json = parsed as Record<string, unknown>;
      } catch {
        // Not JSON (a proxy's error page): handled below.
      }
      if (!res.ok) {
        const code = typeof json.code === 'number' ? json.code : undefined;
        const message =
          typeof json.message === 'string' && json.message
            ? json.message
            : `Twilio answered ${res.status} ${res.statusText}`.trim();
        throw new TwilioError(message, res.status, code, text.slice(0, 2000));
      }
      if (typeof json.sid !== 'string')
        throw new TwilioError('Twilio answered without a message sid', res.status);
      return {
        sid: json.sid,
        status: typeof json.status === 'string' ? json.status : 'queued',
        response: text,
      };
    },
  };
}

type Params = Record<string, string | string[] | undefined>;

/** Twilio's X-Twilio-Signature: base64 HMAC-SHA1 of the full URL followed by each POST param (sorted by name) as name+value. */
export function twilioSignature(authToken: string, url: string, params: Params): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => {
      const value = params[key];
      const values = value === undefined ? [] : Array.isArray(value) ? [...value].sort() : [value];
      return acc + values.map((v) => key + v).join('');
    }, url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

export function validateTwilioSignature(
  authToken: string,
  url: string,
  params: Params,
  signature: string | undefined,
): boolean {
  if (!signature || !authToken) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
