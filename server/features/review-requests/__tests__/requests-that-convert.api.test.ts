import { and, eq, like, lte, or, sql } from 'drizzle-orm';
import type { Express } from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs, outboundMessages, reviewRequests, templates } from '../../../db/schema';
import type { AppContext } from '../../../lib/context';
import { csvCell } from '../../../lib/csv';
import { createTestBackground, type TestBackground } from '../../../testing/background';
import { createContact, createLocation, createUser, signedInAgent } from '../../../testing/factories';
import { startFakeTwilio, type FakeTwilio } from '../../../testing/fake-twilio';
import { decodeQuotedPrintable, startTestSmtpServer, type TestSmtpServer } from '../../../testing/smtp';
import { createTestApp, createTestContext } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';

const BASE = 'https://reviews.example.com';
const DAY = 86_400_000;
/** A Monday at 10:00 UTC, years ahead of the database's own clock: nothing the test queues is due until it says so. */
const T0 = new Date('2031-03-10T10:00:00Z');
let phoneCounter = 0;
const newPhone = () => `+447${700_100_000 + phoneCounter++}`;

describe.each(testDatabaseKinds)('review requests that convert on %s', (kind) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let twilio: FakeTwilio;
  let ctx: AppContext;
  let app: Express;
  let background: TestBackground;
  let clock: Date;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    smtp = await startTestSmtpServer();
    twilio = await startFakeTwilio();
    ctx = createTestContext(database.handle.db, {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'ReviewFlow <requests@reviewflow.example>',
      PUBLIC_BASE_URL: BASE,
      ...twilio.env({ TWILIO_WHATSAPP_CONTENT_SID: 'HX0123456789abcdef0123456789abcdef' }),
    });
    ctx.now = () => clock;
    app = createTestApp(database.handle.db, {}, ctx);
    background = createTestBackground(database.handle.db, {}, ctx);
  });
  afterAll(async () => {
    await smtp?.close();
    await twilio?.close();
    await database?.drop();
  });
  beforeEach(() => {
    clock = T0;
    smtp.messages.length = 0;
    twilio.messages.length = 0;
  });

  const db = () => database.handle.db;
  const mailsTo = (email: string) =>
    smtp.messages
      .filter((m) => m.to.includes(email))
      .map((m) => ({ ...m, text: decodeQuotedPrintable(m.raw) }));

  async function owner(settings?: Record<string, unknown>) {
    const user = await createUser(db(), { companyName: 'Sunrise Bakery' });
    const location = await createLocation(db(), user.id, { name: 'High Street' });
    const agent = await signedInAgent(app, user);
    if (settings) {
      const current = await agent.get('/api/request-settings').expect(200);
      await agent
        .put('/api/request-settings')
        .send({ ...current.body, ...settings })
        .expect(200);
    }
    return { user, location, agent };
  }

  type Owner = Awaited<ReturnType<typeof owner>>;

  async function request(o: Owner, contact: { id: number }, method = 'email', extra = {}) {
    const res = await o.agent
      .post('/api/review-requests')
      .send({ locationId: o.location.id, contactId: contact.id, method, ...extra })
      .expect(201);
    return res.body as { id: number; uniqueLink: string; status: string };
  }

  const pendingJobs = (id: number) =>
    db()
      .select({ queue: jobs.queue, runAt: jobs.runAt, attempts: jobs.attempts, key: jobs.dedupeKey })
      .from(jobs)
      .where(
        and(
          eq(jobs.status, 'pending'),
          or(
            like(jobs.dedupeKey, `deliver-review-request:${id}%`),
            like(jobs.dedupeKey, `request-reminder:${id}:%`),
          ),
        ),
      );

  /** Lets the clock reach `at` and runs every job due by then. */
  async function advanceTo(at: Date) {
    clock = at;
    await db()
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(and(eq(jobs.status, 'pending'), lte(jobs.runAt, at)));
    await background.drain();
  }

  const detail = async (o: Owner, id: number) =>
    (await o.agent.get(`/api/review-requests/${id}`).expect(200)).body;
  const kinds = async (o: Owner, id: number) =>
    ((await detail(o, id)).events as { kind: string }[]).map((e) => e.kind);

  describe('follow-up reminders', () => {
    it('when the customer does not review, then reminders go out on day 3 and day 7, and no more', async () => {
      const o = await owner({ secondReminderDays: 7 });
      const contact = await createContact(db(), o.user.id, { name: 'Ann Baker' });
      const created = await request(o, contact);

      await advanceTo(T0);
      expect(mailsTo(contact.email!)).toHaveLength(1);
      expect((await pendingJobs(created.id)).map((j) => [j.queue, j.runAt.toISOString()])).toEqual([
        ['send-request-reminder', new Date(T0.getTime() + 3 * DAY).toISOString()],
      ]);

      await advanceTo(new Date(T0.getTime() + 3 * DAY));
      const afterFirst = mailsTo(contact.email!);
      expect(afterFirst).toHaveLength(2);
      expect(afterFirst[1]!.raw).toMatch(/^Subject: Reminder: /m);
      expect(afterFirst[1]!.text).toContain(`${BASE}/review/${created.uniqueLink}`);
      expect((await pendingJobs(created.id)).map((j) => j.runAt.toISOString())).toEqual([
        new Date(T0.getTime() + 7 * DAY).toISOString(),
      ]);

      await advanceTo(new Date(T0.getTime() + 7 * DAY));
      expect(mailsTo(contact.email!)).toHaveLength(3);
      await advanceTo(new Date(T0.getTime() + 30 * DAY));
      expect(mailsTo(contact.email!)).toHaveLength(3);
      expect(await pendingJobs(created.id)).toEqual([]);

      const timeline = await detail(o, created.id);
      expect(timeline.remindersSent).toBe(2);
      expect(timeline.events.map((e: { kind: string }) => e.kind)).toEqual([
        'created',
        'sent',
        'reminder_scheduled',
        'reminder_sent',
        'reminder_scheduled',
        'reminder_sent',
      ]);
    });

    it('when the customer leaves their review, then no reminder follows', async () => {
      const o = await owner();
      const contact = await createContact(db(), o.user.id);
      const created = await request(o, contact);
      await advanceTo(T0);

      await supertest(app)
        .post(`/api/public/review/${created.uniqueLink}`)
        .send({ rating: 2, content: 'Cold coffee' })
        .expect(200);
      expect(await pendingJobs(created.id)).toEqual([]);
      await advanceTo(new Date(T0.getTime() + 10 * DAY));

      expect(mailsTo(contact.email!)).toHaveLength(1);
      expect(await kinds(o, created.id)).toEqual(expect.arrayContaining(['completed', 'reminder_cancelled']));
    });

    it('when the contact opts out, then the reminder is not sent and the timeline says why', async () => {
      const o = await owner();
      const contact = await createContact(db(), o.user.id);
      const created = await request(o, contact);
      await advanceTo(T0);

      await o.agent
        .patch(`/api/contacts/${contact.id}`)
        .send({ optedOut: { email: true } })
        .expect(200);
      await advanceTo(new Date(T0.getTime() + 3 * DAY));

      expect(mailsTo(contact.email!)).toHaveLength(1);
      const events = (await detail(o, created.id)).events as { kind: string; detail: string }[];
      expect(events.at(-1)).toMatchObject({
        kind: 'reminder_cancelled',
        detail: 'Contact opted out of email',
      });
    });

    it('when the owner cancels a sent request, then its reminder is dropped', async () => {
      const o = await owner();
      const contact = await createContact(db(), o.user.id);
      const created = await request(o, contact);
      await advanceTo(T0);

      const cancelled = await o.agent.post(`/api/review-requests/${created.id}/cancel`).expect(200);
      expect(cancelled.body.status).toBe('cancelled');
      expect(await pendingJobs(created.id)).toEqual([]);
      await advanceTo(new Date(T0.getTime() + 3 * DAY));

      expect(mailsTo(contact.email!)).toHaveLength(1);
      expect((await kinds(o, created.id)).slice(-2)).toEqual(['cancelled', 'reminder_cancelled']);
    });

    it('when reminders are off, then none is scheduled', async () => {
      const o = await owner({ remindersEnabled: false });
      const contact = await createContact(db(), o.user.id);
      const created = await request(o, contact);
      await advanceTo(T0);

      expect(await pendingJobs(created.id)).toEqual([]);
    });
  });

  describe('quiet hours', () => {
    // 22:30 local on Monday 10 March 2031 in each zone, and 08:00 local the next morning.
    it.each([
      ['the contact', 'America/New_York', '2031-03-11T02:30:00Z', '2031-03-11T12:00:00Z'],
      ['the location', 'Asia/Tokyo', '2031-03-10T13:30:00Z', '2031-03-10T23:00:00Z'],
      ['the business', 'Europe/Paris', '2031-03-10T21:30:00Z', '2031-03-11T07:00:00Z'],
    ])(
      'when a message falls due at 22:30 in the zone of %s (%s), then it goes at 08:00 there',
      async (whose, zone, due, morning) => {
        const o = await owner(whose === 'the business' ? { timeZone: zone } : undefined);
        if (whose === 'the location')
          await o.agent.patch(`/api/locations/${o.location.id}`).send({ timeZone: zone }).expect(200);
        const contact = await createContact(
          db(),
          o.user.id,
          whose === 'the contact' ? { timeZone: zone } : {},
        );
        clock = new Date(due);

        const created = await request(o, contact);

        expect((await pendingJobs(created.id)).map((j) => j.runAt.toISOString())).toEqual([
          new Date(morning).toISOString(),
        ]);
        const events = (await detail(o, created.id)).events as { kind: string; detail: string }[];
        expect(events[1]).toMatchObject({ kind: 'waiting' });
        expect(events[1]!.detail).toContain('08:00');
        await advanceTo(new Date(morning));
        expect(mailsTo(contact.email!)).toHaveLength(1);
      },
    );

    it('when a queue that fell behind reaches a message at night, then it waits for the morning uncounted', async () => {
      const o = await owner({ timeZone: 'Europe/London' });
      const contact = await createContact(db(), o.user.id);
      const created = await request(o, contact); // 10:00 in London: due at once

      await advanceTo(new Date('2031-03-10T23:15:00Z'));

      expect(mailsTo(contact.email!)).toHaveLength(0);
      expect(await pendingJobs(created.id)).toEqual([
        expect.objectContaining({ runAt: new Date('2031-03-11T08:00:00Z'), attempts: 0 }),
      ]);
    });

    it('when quiet hours are off, then a message due at night goes at once', async () => {
      const o = await owner({ timeZone: 'Europe/London', quietHoursEnabled: false });
      const contact = await createContact(db(), o.user.id);
      clock = new Date('2031-03-10T23:15:00Z');
      const created = await request(o, contact);

      expect((await pendingJobs(created.id)).map((j) => j.runAt.toISOString())).toEqual([
        clock.toISOString(),
      ]);
    });
  });

  describe('honest status, retry, cancel and resend', () => {
    it('when no email provider is configured, then the request is "outbox" and says it was not sent', async () => {
      const outboxCtx = createTestContext(db(), { PUBLIC_BASE_URL: BASE });
      outboxCtx.now = () => clock;
      const outboxApp = createTestApp(db(), {}, outboxCtx);
      const outboxWork = createTestBackground(db(), {}, outboxCtx);
      const user = await createUser(db());
      const location = await createLocation(db(), user.id);
      const contact = await createContact(db(), user.id);
      const agent = await signedInAgent(outboxApp, user);
      const created = await agent
        .post('/api/review-requests')
        .send({ locationId: location.id, contactId: contact.id, method: 'email' })
        .expect(201);

      await db()
        .update(jobs)
        .set({ runAt: sql`now()` })
        .where(eq(jobs.status, 'pending'));
      await outboxWork.drain();

      const kept = (await agent.get(`/api/review-requests/${created.body.id}`).expect(200)).body;
      expect(kept.status).toBe('outbox');
      expect(kept.events.at(-1)).toMatchObject({
        kind: 'outbox',
        detail: 'Not sent: no email provider configured',
      });
      expect(await pendingJobs(created.body.id)).toEqual([]); // nothing was sent, nothing to remind of

      // With a provider now, "Send again" sends it for real.
      const agentWithSmtp = await signedInAgent(app, user);
      await agentWithSmtp.post(`/api/review-requests/${created.body.id}/retry`).expect(200);
      await advanceTo(T0);
      expect(mailsTo(contact.email!)).toHaveLength(1);
      expect((await agentWithSmtp.get(`/api/review-requests/${created.body.id}`)).body.status).toBe('sent');
    });

    it('when a request failed, then it can be retried once the reason is gone, and not before', async () => {
      const o = await owner();
      const contact = await createContact(db(), o.user.id);
      const created = await request(o, contact);
      await o.agent
        .patch(`/api/contacts/${contact.id}`)
        .send({ optedOut: { email: true } })
        .expect(200);
      await advanceTo(T0);
      expect((await detail(o, created.id)).status).toBe('failed');

      const refused = await o.agent.post(`/api/review-requests/${created.id}/retry`).expect(409);
      expect(refused.body.message).toBe('This contact has opted out of Email messages.');

      await o.agent
        .patch(`/api/contacts/${contact.id}`)
        .send({ optedOut: { email: false } })
        .expect(200);
      const retried = await o.agent.post(`/api/review-requests/${created.id}/retry`).expect(200);
      expect(retried.body).toMatchObject({ status: 'queued', failureReason: null });
      await advanceTo(T0);

      expect(mailsTo(contact.email!)).toHaveLength(1);
      expect(await kinds(o, created.id)).toEqual(expect.arrayContaining(['failed', 'retried', 'sent']));
      await o.agent.post(`/api/review-requests/${created.id}/retry`).expect(409);
    });

    it('when a queued request is cancelled, then it is never sent and cannot be cancelled twice', async () => {
      const o = await owner();
      const contact = await createContact(db(), o.user.id);
      const created = await request(o, contact);

      await o.agent.post(`/api/review-requests/${created.id}/cancel`).expect(200);
      await advanceTo(T0);

      expect(mailsTo(contact.email!)).toHaveLength(0);
      expect((await detail(o, created.id)).status).toBe('cancelled');
      const again = await o.agent.post(`/api/review-requests/${created.id}/cancel`).expect(409);
      expect(again.body.message).toBe('This request can no longer be cancelled.');
    });

    it('when a request is resent, then a new link goes out and the old one still works', async () => {
      const o = await owner();
      const contact = await createContact(db(), o.user.id);
      const first = await request(o, contact);
      await advanceTo(T0);

      const resent = await o.agent.post(`/api/review-requests/${first.id}/resend`).expect(201);
      await advanceTo(T0);

      expect(resent.body).toMatchObject({ resentFromId: first.id, contactId: contact.id, method: 'email' });
      expect(resent.body.uniqueLink).not.toBe(first.uniqueLink);
      const mails = mailsTo(contact.email!);
      expect(mails).toHaveLength(2);
      expect(mails[1]!.text).toContain(`/review/${resent.body.uniqueLink}`);
      await supertest(app).get(`/api/public/review/${first.uniqueLink}`).expect(200);
      expect((await detail(o, first.id)).events).toContainEqual({
        createdAt: expect.any(String),
        kind: 'resent',
        detail: `New request #${resent.body.id}`,
      });
    });

    it("when another client's request is retried, cancelled or resent, then it is not found", async () => {
      const o = await owner();
      const other = await owner();
      const contact = await createContact(db(), o.user.id);
      const created = await request(o, contact);
      for (const action of ['retry', 'cancel', 'resend'])
        await other.agent.post(`/api/review-requests/${created.id}/${action}`).expect(404);
      expect((await detail(o, created.id)).status).toBe('queued');
    });
  });

  describe('a clear path', () => {
    it('when the owner asks for a link without a contact, then they get a one-off link and QR code and nothing is sent', async () => {
      const o = await owner();
      const res = await o.agent
        .post('/api/review-requests/link')
        .send({ locationId: o.location.id })
        .expect(201);

      expect(res.body.url).toBe(`${BASE}/review/${res.body.request.uniqueLink}`);
      expect(res.body.qrCode).toMatch(/^data:image\/png;base64,/);
      expect(res.body.request).toMatchObject({ method: 'link', contactId: null, status: 'sent' });
      expect(await pendingJobs(res.body.request.id)).toEqual([]);
      await supertest(app)
        .post(`/api/public/review/${res.body.request.uniqueLink}`)
        .send({ rating: 5, content: 'Lovely', name: 'Walk-in' })
        .expect(200);
      expect((await detail(o, res.body.request.id)).status).toBe('completed');
    });

    it('when a template is picked, then the message uses it; one of another channel or client is refused', async () => {
      const o = await owner();
      const other = await owner();
      const contact = await createContact(db(), o.user.id);
      const [own, sms, foreign] = await db()
        .insert(templates)
        .values([
          {
            ownerId: o.user.id,
            name: 'Thanks',
            channel: 'email',
            subject: 'Thanks, {{name}}!',
            body: 'Tell us: {{link}}',
          },
          { ownerId: o.user.id, name: 'Text', channel: 'sms', body: 'Hi {{name}} {{link}}' },
          { ownerId: other.user.id, name: 'Theirs', channel: 'email', subject: 'x', body: '{{link}}' },
        ])
        .returning();

      const wrongChannel = await o.agent
        .post('/api/review-requests')
        .send({ locationId: o.location.id, contactId: contact.id, method: 'email', templateId: sms!.id })
        .expect(400);
      expect(wrongChannel.body.message).toBe('This template is for SMS.');
      await o.agent
        .post('/api/review-requests')
        .send({ locationId: o.location.id, contactId: contact.id, method: 'email', templateId: foreign!.id })
        .expect(404);
      await request(o, contact, 'email', { templateId: own!.id });
      await advanceTo(T0);

      expect(mailsTo(contact.email!)[0]!.raw).toMatch(/^Subject: Thanks, Jordan!/m);
    });
  });

  describe('real sending', () => {
    it('when an email goes out, then it comes from the business via ReviewFlow and answers go to the owner', async () => {
      const o = await owner();
      const contact = await createContact(db(), o.user.id);
      await request(o, contact);
      await advanceTo(T0);

      const [mail] = mailsTo(contact.email!);
      expect(mail!.raw).toMatch(/^From: "?Sunrise Bakery via ReviewFlow"? <requests@reviewflow\.example>$/m);
      expect(mail!.raw).toMatch(new RegExp(`^Reply-To: ${o.user.email.replace('.', '\\.')}`, 'm'));
    });

    it('when a WhatsApp template is configured, then WhatsApp goes as that template with name, business and link', async () => {
      const o = await owner();
      const phone = newPhone();
      const contact = await createContact(db(), o.user.id, { name: 'Sam Reed', phone, email: null });
      const created = await request(o, contact, 'whatsapp');
      await advanceTo(T0);

      expect(twilio.messages).toHaveLength(1);
      expect(twilio.messages[0]).toMatchObject({
        to: `whatsapp:${phone}`,
        contentSid: 'HX0123456789abcdef0123456789abcdef',
        contentVariables: { '1': 'Sam', '2': 'Sunrise Bakery', '3': `${BASE}/review/${created.uniqueLink}` },
      });
    });
  });

  describe('the no-gating audit export', () => {
    it('when customers rated 1 and 5, then both were offered the same public review links, with each exact message', async () => {
      const o = await owner();
      const unhappy = await createContact(db(), o.user.id, { name: 'Una Happy' });
      const happy = await createContact(db(), o.user.id, { name: 'Hal Happy' });
      const first = await request(o, unhappy);
      const second = await request(o, happy);
      await advanceTo(T0);
      await supertest(app)
        .post(`/api/public/review/${first.uniqueLink}`)
        .send({ rating: 1, content: 'Bad' })
        .expect(200);
      await supertest(app)
        .post(`/api/public/review/${second.uniqueLink}`)
        .send({ rating: 5, content: 'Good' })
        .expect(200);

      const res = await o.agent.get('/api/review-requests/audit.csv').expect(200);

      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      const messages = await db()
        .select()
        .from(outboundMessages)
        .where(eq(outboundMessages.ownerId, o.user.id))
        .orderBy(outboundMessages.id);
      const csv = res.text.replace(/^\uFEFF/, '');
      const lines = csv.trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'Message ID,Sent at (UTC),Request ID,Message,Customer,Channel,Recipient,Status,Subject,Message text,' +
          'Rating,Rated at (UTC),Offered Google review link,Offered Facebook review link',
      );
      expect(messages).toHaveLength(2);
      // Each exact message (made spreadsheet-safe like every export), with the rating its customer gave.
      for (const [requestId, rating, name] of [
        [first.id, 1, 'Una Happy'],
        [second.id, 5, 'Hal Happy'],
      ] as const) {
        const message = messages.find((m) => m.reviewRequestId === requestId)!;
        expect(csv).toContain(
          `${message.id},${message.createdAt.toISOString()},${requestId},Request,${name},Email,` +
            `${message.recipient},sent,${csvCell(message.subject)},${csvCell(message.body)},${rating},`,
        );
      }
      const offered =
        'https://search.google.com/local/writereview?placeid=test,https://www.facebook.com/testpage/reviews';
      expect(lines.filter((line) => line.endsWith(offered))).toHaveLength(2);
      // Another client's export holds none of it.
      const other = await owner();
      const theirs = await other.agent.get('/api/review-requests/audit.csv').expect(200);
      expect(theirs.text.trimEnd().split('\r\n')).toHaveLength(1);
    });
  });

  describe('settings', () => {
    it('when settings are read first, then they are the defaults; bad ones are refused with the field', async () => {
      const o = await owner();
      const current = await o.agent.get('/api/request-settings').expect(200);
      expect(current.body).toEqual({
        remindersEnabled: true,
        firstReminderDays: 3,
        secondReminderDays: null,
        quietHoursEnabled: true,
        quietStart: '21:00',
        quietEnd: '08:00',
        timeZone: null,
        askWindowDays: 30,
      });

      const bad = await o.agent
        .put('/api/request-settings')
        .send({ ...current.body, secondReminderDays: 2, timeZone: 'Mars/Olympus' })
        .expect(400);
      expect(bad.body.details).toMatchObject({
        secondReminderDays: ['The second reminder must come after the first'],
        timeZone: ['Choose a time zone from the list'],
      });
      const saved = await o.agent
        .put('/api/request-settings')
        .send({ ...current.body, secondReminderDays: 7, timeZone: 'Europe/Dublin' })
        .expect(200);
      expect(saved.body).toMatchObject({ secondReminderDays: 7, timeZone: 'Europe/Dublin' });
      expect((await o.agent.get('/api/request-settings')).body).toEqual(saved.body);
    });
  });

  it('keeps the request rows consistent: a cancelled request keeps when it was sent', async () => {
    const o = await owner();
    const contact = await createContact(db(), o.user.id);
    const created = await request(o, contact);
    await advanceTo(T0);
    await o.agent.post(`/api/review-requests/${created.id}/cancel`).expect(200);
    const [row] = await db().select().from(reviewRequests).where(eq(reviewRequests.id, created.id));
    expect(row!.sentAt?.toISOString()).toBe(T0.toISOString());
    expect(row!.cancelledAt).not.toBeNull();
  });
});
