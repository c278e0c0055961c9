import { startFakeTwilio, type FakeTwilio } from '../server/testing/fake-twilio';
import { startTestSmtpServer, type TestSmtpServer } from '../server/testing/smtp';
import { BULK_MAX_CONTACTS } from '@shared/review-requests';

/**
 * Issue 46 item 4, sending: how long a bulk send takes to queue its requests, and how fast the queue then
 * drains them through the real SMTP and Twilio protocols (a local SMTP server, the Twilio fake), with one
 * process sending and with two. Measured on a Postgres server only: the embedded database has one process.
 */
export interface DeliveryFigures {
  /**
   * A bulk send to `contacts` by tag (POST /api/review-requests/bulk), in `sends` of at most BULK_MAX_CONTACTS
   * each, as a client must: the time of their answers summed, and the requests they queued.
   */
  bulk: { method: 'email' | 'sms'; contacts: number; sends: number; created: number; seconds: number }[];
  /**
   * The queue's drain: from the first message sent to the last, as their sent_at say, with `processes` app
   * processes running a worker each; `sent` of `queued` went out, the rest stayed (none should).
   */
  drains: { processes: number; queued: number; sent: number; seconds: number; perSecond: number }[];
}

/** The providers' fakes, and the app's environment that points at them. */
export interface DeliveryFakes {
  env: Record<string, string>;
  smtp: TestSmtpServer;
  twilio: FakeTwilio;
  close(): Promise<void>;
}

export async function startDeliveryFakes(): Promise<DeliveryFakes> {
  const [smtp, twilio] = await Promise.all([startTestSmtpServer(), startFakeTwilio()]);
  return {
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'ReviewFlow Bench <bench@reviewflow.test>',
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: '+15005550006',
      TWILIO_API_BASE: twilio.url,
    },
    smtp,
    twilio,
    close: async () => {
      await Promise.all([smtp.close(), twilio.close()]);
    },
  };
}

type Query = <T>(text: string, params?: unknown[]) => Promise<T[]>;

export interface DeliveryRun {
  base: string;
  /** The signed-in cookie of the client who sends. */
  cookie: string;
  ownerId: number;
  locationId: number;
  query: Query;
  fakes: DeliveryFakes;
  /** Contacts asked per method in each drain: twice this many messages each drain. */
  contactsPerMethod: number;
  /** Starts one more app process on the same database, with its own worker; answers how to stop it. */
  startAnotherProcess(): Promise<() => Promise<void>>;
  say(line: string): void;
}

/** Contacts of their own for each round (a customer is asked once in the ask window), with a tag to send to. */
async function addContacts(run: DeliveryRun, tag: string, count: number, first: number) {
  await run.query(
    `insert into contacts (owner_id, name, email, phone, tags)
     select $1, 'Bulk customer ' || g, 'bulk-' || g || '@bench.test', '+4478' || lpad(g::text, 8, '0'),
            array[$2::text]
       from generate_series($3::int, $3::int + $4::int - 1) g`,
    [run.ownerId, tag, first, count],
  );
}

async function bulkSend(run: DeliveryRun, method: 'email' | 'sms', tag: string) {
  const started = performance.now();
  const res = await fetch(`${run.base}/api/review-requests/bulk`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: run.cookie },
    body: JSON.stringify({ locationId: run.locationId, method, tag }),
  });
  const seconds = (performance.now() - started) / 1000;
  const body = (await res.json()) as { created?: number; message?: string };
  if (!res.ok) throw new Error(`bulk ${method} failed: ${res.status} ${body.message}`);
  return { created: body.created ?? 0, seconds: Math.round(seconds * 100) / 100 };
}

/** A request whose message went out (shared/domain.ts REQUEST_STATUSES): sent, and any state after it. */
const WENT_OUT = `('sent', 'delivered', 'opened', 'completed')`;

/**
 * Waits (polling the database, as an operator's dashboard would) until none of the owner's requests created since
 * `since` waits to be sent.
 */
async function drained(run: DeliveryRun, since: Date, expected: number) {
  const count = async () =>
    (
      await run.query<{ waiting: string; sent: string; first: Date | null; last: Date | null }>(
        `select count(*) filter (where status = 'queued') as waiting,
                count(*) filter (where status in ${WENT_OUT}) as sent,
                min(sent_at) filter (where status in ${WENT_OUT}) as first,
                max(sent_at) filter (where status in ${WENT_OUT}) as last
           from review_requests where owner_id = $1 and created_at >= $2`,
        [run.ownerId, since],
      )
    )[0]!;
  const deadline = Date.now() + Math.max(120_000, expected * 50);
  let now = await count();
  while (Number(now.waiting) > 0 || Number(now.sent) < expected) {
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
    now = await count();
  }
  return now;
}

export async function measureDeliveries(run: DeliveryRun): Promise<DeliveryFigures> {
  const figures: DeliveryFigures = { bulk: [], drains: [] };
  // Sent now, whatever the hour: the customers' phones are British, and quiet hours would hold their night.
  const settings = (await (
    await fetch(`${run.base}/api/request-settings`, { headers: { cookie: run.cookie } })
  ).json()) as Record<string, unknown>;
  const saved = await fetch(`${run.base}/api/request-settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie: run.cookie },
    body: JSON.stringify({ ...settings, quietHoursEnabled: false }),
  });
  if (!saved.ok) throw new Error(`request settings: ${saved.status} ${await saved.text()}`);

  // New customers every send; a kept database (BENCH_RESEED=0) holds the last run's, who were asked already.
  let nextCustomer =
    Number(
      (
        await run.query<{ last: number | null }>(
          `select max(substring(email from '^bulk-(\\d+)@')::int) as last
             from contacts where owner_id = $1 and email like 'bulk-%@bench.test'`,
          [run.ownerId],
        )
      )[0]?.last ?? 0,
    ) + 1;
  for (const processes of [1, 2]) {
    const stopAnother = processes === 2 ? await run.startAnotherProcess() : undefined;
    try {
      const since = (await run.query<{ now: Date }>('select now()'))[0]!.now;
      let queued = 0;
      for (const method of ['email', 'sms'] as const) {
        const total = { created: 0, seconds: 0, sends: 0 };
        for (let from = 0; from < run.contactsPerMethod; from += BULK_MAX_CONTACTS) {
          const count = Math.min(BULK_MAX_CONTACTS, run.contactsPerMethod - from);
          const tag = `bench-bulk-${nextCustomer}`;
          await addContacts(run, tag, count, nextCustomer);
          nextCustomer += count;
          const bulk = await bulkSend(run, method, tag);
          total.created += bulk.created;
          total.seconds += bulk.seconds;
          total.sends += 1;
        }
        const seconds = Math.round(total.seconds * 100) / 100;
        figures.bulk.push({ method, contacts: run.contactsPerMethod, ...total, seconds });
        run.say(
          `bulk ${method} of ${run.contactsPerMethod} in ${total.sends} sends: ${total.created} queued in ${seconds} s`,
        );
        queued += total.created;
      }
      const state = await drained(run, since, queued);
      const seconds =
        state.first && state.last
          ? (new Date(state.last).getTime() - new Date(state.first).getTime()) / 1000
          : 0;
      const sent = Number(state.sent);
      figures.drains.push({
        processes,
        queued,
        sent,
        seconds: Math.round(seconds * 10) / 10,
        perSecond: seconds > 0 ? Math.round(sent / seconds) : 0,
      });
      run.say(`drain with ${processes} process(es): ${sent} of ${queued} sent in ${seconds.toFixed(1)} s`);
      // The fakes keep what they receive: let it go between rounds.
      run.fakes.smtp.messages.length = 0;
      run.fakes.twilio.messages.length = 0;
    } finally {
      await stopAnother?.();
    }
  }
  return figures;
}
