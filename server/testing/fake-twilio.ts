import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeTwilioMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  /** A WhatsApp Content template sent instead of a free-text Body, and its variables. */
  contentSid?: string;
  contentVariables?: Record<string, string>;
  statusCallback: string;
  dateCreated: Date;
}

export interface FakeTwilioFailure {
  status: number;
  /** Twilio's error JSON: { code, message, more_info, status }. */
  code: number;
  message: string;
}

export interface FakeTwilio {
  /** Use as TWILIO_API_BASE. */
  url: string;
  accountSid: string;
  authToken: string;
  messages: FakeTwilioMessage[];
  /** Every request, accepted or not (to count attempts). */
  requests: number;
  /** The next `times` sends fail with this answer. */
  failNext(failure: FakeTwilioFailure, times?: number): void;
  /** Every send fails with this answer until reset. */
  failAlways(failure: FakeTwilioFailure | undefined): void;
  /**
   * The next `times` sends are accepted (the message exists at Twilio) but the answer never arrives: the
   * connection drops, as when our process dies or the network breaks between Twilio's accept and its reply.
   */
  dropAnswerNext(times?: number): void;
  env(overrides?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

const REQUIRED = ['To', 'From'] as const;

/** A local stand-in for Twilio's Messages API that checks what the real one checks and answers like it. */
export async function startFakeTwilio(): Promise<FakeTwilio> {
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const messages: FakeTwilioMessage[] = [];
  let queuedFailures: { failure: FakeTwilioFailure; times: number } | undefined;
  let always: FakeTwilioFailure | undefined;
  let requests = 0;
  let dropAnswers = 0;

  const answer = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (res: http.ServerResponse, failure: FakeTwilioFailure) =>
    answer(res, failure.status, {
      code: failure.code,
      message: failure.message,
      more_info: `https://www.twilio.com/docs/errors/${failure.code}`,
      status: failure.status,
    });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests += 1;
      const path = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
      const url = new URL(req.url ?? '/', 'http://fake');
      const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
      if (url.pathname === path && req.headers.authorization !== expectedAuth) {
        return error(res, { status: 401, code: 20003, message: 'Authenticate' });
      }
      // The message list, newest first, filtered by To and From, a page at a time (PageSize, Page).
      if (req.method === 'GET' && url.pathname === path) {
        const to = url.searchParams.get('To');
        const from = url.searchParams.get('From');
        const pageSize = Math.min(Number(url.searchParams.get('PageSize')) || 50, 1000);
        const page = Number(url.searchParams.get('Page')) || 0;
        const matching = [...messages]
          .reverse()
          .filter((m) => (!to || m.to === to) && (!from || m.from === from));
        const slice = matching.slice(page * pageSize, (page + 1) * pageSize);
        const next = (page + 1) * pageSize < matching.length;
        const query = (n: number) =>
          `${path}?${new URLSearchParams({ ...(to ? { To: to } : {}), ...(from ? { From: from } : {}), PageSize: String(pageSize), Page: String(n) })}`;
        return answer(res, 200, {
          messages: slice.map((m) => ({
            sid: m.sid,
            to: m.to,
            from: m.from,
            body: m.body,
            status: 'sent',
            date_created: m.dateCreated.toUTCString(),
          })),
          page,
          page_size: pageSize,
          next_page_uri: next ? query(page + 1) : null,
          uri: query(page),
        });
      }
      if (req.method !== 'POST' || url.pathname !== path) {
        return error(res, { status: 404, code: 20404, message: 'The requested resource was not found' });
      }
      if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
        return error(res, { status: 400, code: 20001, message: 'Expected a form-encoded body' });
      }
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      for (const name of REQUIRED) {
        if (!form.get(name)) {
          return error(res, { status: 400, code: 21604, message: `A '${name}' parameter is required.` });
        }
      }
      // Twilio takes a free-text Body or a Content template (ContentSid with JSON ContentVariables).
      const contentSid = form.get('ContentSid') ?? undefined;
      let contentVariables: Record<string, string> | undefined;
      if (contentSid) {
        try {
          contentVariables = JSON.parse(form.get('ContentVariables') ?? '{}') as Record<string, string>;
        } catch {
          return error(res, {
            status: 400,
            code: 21656,
            message: 'The ContentVariables Parameter is invalid.',
          });
        }
      } else if (!form.get('Body')) {
        return error(res, { status: 400, code: 21602, message: 'Message body is required.' });
      }
      const statusCallback = form.get('StatusCallback') ?? '';
      if (!/^https?:\/\//.test(statusCallback)) {
        return error(res, { status: 400, code: 21609, message: 'Invalid StatusCallback' });
      }
      const to = form.get('To')!;
      const from = form.get('From')!;
      if (to.startsWith('whatsapp:') !== from.startsWith('whatsapp:')) {
        return error(res, { status: 400, code: 63007, message: 'To and From must be on the same channel' });
      }
      if (always) return error(res, always);
      if (queuedFailures && queuedFailures.times > 0) {
        queuedFailures.times -= 1;
        return error(res, queuedFailures.failure);
      }
      const sid = `SM${randomBytes(16).toString('hex')}`;
      // A template's rendered text holds its variables (the review link among them), as Twilio's list shows it.
      const body = contentSid ? Object.values(contentVariables ?? {}).join(' ') : form.get('Body')!;
      messages.push({
        sid,
        to,
        from,
        body,
        contentSid,
        contentVariables,
        statusCallback,
        dateCreated: new Date(),
      });
      if (dropAnswers > 0) {
        dropAnswers -= 1;
        return req.socket.destroy();
      }
      const now = new Date().toUTCString();
      answer(res, 201, {
        account_sid: accountSid,
        api_version: '2010-04-01',
        body: form.get('Body'),
        date_created: now,
        date_updated: now,
        date_sent: null,
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        from,
        num_segments: '1',
        price: null,
        sid,
        status: 'queued',
        to,
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    accountSid,
    authToken,
    messages,
    get requests() {
      return requests;
    },
    failNext(failure, times = 1) {
      queuedFailures = { failure, times };
    },
    failAlways(failure) {
      always = failure;
    },
    dropAnswerNext(times = 1) {
      dropAnswers = times;
    },
    env(overrides = {}) {
      return {
        TWILIO_ACCOUNT_SID: accountSid,
        TWILIO_AUTH_TOKEN: authToken,
        TWILIO_FROM: '+15005550006',
        TWILIO_WHATSAPP_FROM: '+14155238886',
        TWILIO_API_BASE: url,
        ...overrides,
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
