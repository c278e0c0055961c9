import { and, eq } from 'drizzle-orm';
import type { Express } from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FeedbackCase, FeedbackCaseList } from '@shared/schemas/feedback-cases';
import { contacts, feedbackCases, feedbackMessages, notifications, reviews } from '../../../db/schema';
import type { AppContext } from '../../../lib/context';
import { createTestBackground, type TestBackground } from '../../../testing/background';
import {
  createContact,
  createLocation,
  createMember,
  createReviewRequest,
  createUser,
  signedInAgent,
} from '../../../testing/factories';
import { startFakeTwilio, type FakeTwilio } from '../../../testing/fake-twilio';
import { createFeedbackCase } from '../../../testing/feedback-case';
import { decodeQuotedPrintable, startTestSmtpServer, type TestSmtpServer } from '../../../testing/smtp';
import { createTestApp, createTestContext } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';

const KEY = 'e'.repeat(64);
const BASE = 'https://reviews.example.com';
const HOUR = 60 * 60 * 1000;

/** Two days ahead (so a job held until then is not due yet for the database) at `hourUtc`:00 UTC. */
const dayAheadAt = (hourUtc: number) => {
  const at = new Date(Date.now() + 2 * 24 * HOUR);
  at.setUTCHours(hourUtc, 0, 0, 0);
  return at;
};

describe.each(testDatabaseKinds)('private feedback that closes (issue 47, item 3) on %s', (kind) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let twilio: FakeTwilio;
  let ctx: AppContext;
  let app: Express;
  let background: TestBackground;
  /** The server's clock: noon at the customer's (UTC) unless a test says otherwise. */
  let clock = dayAheadAt(12);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    smtp = await startTestSmtpServer();
    twilio = await startFakeTwilio();
    const env = {
      ...twilio.env(),
      TOKEN_ENCRYPTION_KEY: KEY,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'ReviewFlow <hello@example.com>',
      PUBLIC_BASE_URL: BASE,
    };
    ctx = createTestContext(database.handle.db, env, { now: () => clock });
    app = createTestApp(database.handle.db, env, ctx);
    background = createTestBackground(database.handle.db, env, ctx);
  });
  afterAll(async () => {
    await smtp?.close();
    await twilio?.close();
    await database?.drop();
  });
  beforeEach(() => {
    clock = dayAheadAt(12);
  });

  const db = () => database.handle.db;

  /** An owner, a location on UTC, and a customer asked by `method` who rates `rating` through their link. */
  async function customerRated(
    rating: number,
    options: { method?: 'email' | 'sms'; contact?: Partial<typeof contacts.$inferInsert> } = {},
  ) {
    const user = await createUser(db(), { companyName: `Harbour Deli ${kind}` });
    const location = await createLocation(db(), user.id, { timeZone: 'UTC' });
    const contact = await createContact(db(), user.id, { name: 'Nora Quinn', ...options.contact });
    const request = await createReviewRequest(db(), user.id, location.id, {
      contactId: contact.id,
      method: options.method ?? 'email',
      status: 'sent',
      sentAt: new Date(),
    });
    const submitted = await supertest(app)
      .post(`/api/public/review/${request.uniqueLink}`)
      .send({ rating, content: 'The soup was cold and nobody came' });
    expect(submitted.status).toBe(200);
    const agent = await signedInAgent(app, user);
    const [review] = await db().select().from(reviews).where(eq(reviews.ownerId, user.id));
    return { user, location, contact, review: review!, agent };
  }

  const caseOfReview = async (agent: ReturnType<typeof supertest.agent>, reviewId: number) => {
    const res = await agent.get(`/api/reviews/${reviewId}/feedback-case`);
    expect(res.status).toBe(200);
    return (res.body as { case: FeedbackCase | null }).case;
  };

  /** The mail to `email`, its text decoded. */
  function mailTo(email: string) {
    const mails = smtp.messages.filter((m) => m.to.includes(email));
    return mails.map((m) => decodeQuotedPrintable(m.raw).replace(/\r\n/g, '\n'));
  }
  /** The emails to `email` that tell of a customer's answer. */
  const answerAlertsTo = (email: string) =>
    mailTo(email).filter((mail) => /^Subject: .* answered you /m.test(mail));
  /** The path of the customer's link in a message, on the API under test. */
  const linkIn = (text: string) => {
    const url = text.match(/Answer(?: it)? here: (\S+)|Read it and answer here: (\S+)/);
    const found = url?.[1] ?? url?.[2];
    expect(found, 'the customer link').toBeDefined();
    return found!.replace(BASE, '');
  };

  it('when a known customer rates 1 to 3 stars through their link, then a case opens; 4 stars or an anonymous review opens none', async () => {
    const low = await customerRated(3);
    const opened = await caseOfReview(low.agent, low.review.id);
    expect(opened).toMatchObject({
      status: 'open',
      customerName: 'Nora Quinn',
      rating: 3,
      channel: 'email',
      unreachableReason: null,
      messages: [],
    });

    const high = await customerRated(4);
    expect(await caseOfReview(high.agent, high.review.id)).toBeNull();

    // The location's own link (a QR code): nobody known to answer.
    const anonymous = await supertest(app)
      .post(`/api/public/review/${high.location.publicLink}`)
      .send({ rating: 1, content: 'Bad', name: 'Someone' });
    expect(anonymous.status).toBe(200);
    const cases = await high.agent.get('/api/feedback-cases?status=open');
    expect((cases.body as FeedbackCaseList).counts).toEqual({ open: 0, waiting: 0, resolved: 0 });
  });

  it('when the owner replies, then the customer gets it by email with their own link, answers on its page, and the case goes open → waiting → open → resolved', async () => {
    const { user, contact, review, agent } = await customerRated(2);
    const reply = await agent
      .post(`/api/reviews/${review.id}/response`)
      .send({ responseContent: 'We are so sorry, Nora. May we call you?' });
    expect(reply.status).toBe(200);

    let feedbackCase = (await caseOfReview(agent, review.id))!;
    expect(feedbackCase.status).toBe('waiting');
    expect(feedbackCase.messages).toEqual([
      expect.objectContaining({ author: 'business', body: 'We are so sorry, Nora. May we call you?' }),
    ]);
    expect(feedbackCase.messages[0]!.delivery!.status).toBe('queued');

    await background.drain();
    feedbackCase = (await caseOfReview(agent, review.id))!;
    expect(feedbackCase.messages[0]!.delivery).toEqual({
      status: 'sent',
      channel: 'email',
      sendAt: null,
      reason: null,
    });
    const [mail] = mailTo(contact.email!);
    expect(mail).toContain(`Harbour Deli ${kind} answered the feedback you left:`);
    expect(mail).toContain('We are so sorry, Nora. May we call you?');
    const link = linkIn(mail!);

    // The customer's page shows their feedback and the reply; their answer is the business's turn again.
    const page = await supertest(app).get(link);
    expect(page.status).toBe(200);
    expect(page.text).toContain('The soup was cold and nobody came');
    expect(page.text).toContain('We are so sorry, Nora. May we call you?');
    const answered = await supertest(app).post(link).type('form').send({ message: 'Yes please, after 5pm' });
    expect(answered.status).toBe(303);
    expect((await supertest(app).get(answered.headers.location!)).text).toContain('Yes please, after 5pm');

    feedbackCase = (await caseOfReview(agent, review.id))!;
    expect(feedbackCase.status).toBe('open');
    expect(feedbackCase.messages.map((m) => [m.author, m.body])).toEqual([
      ['business', 'We are so sorry, Nora. May we call you?'],
      ['customer', 'Yes please, after 5pm'],
    ]);
    const bell = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.ownerId, user.id), eq(notifications.kind, 'feedback_answered')));
    expect(bell).toHaveLength(1);
    expect(bell[0]).toMatchObject({ title: 'Nora Quinn answered', body: '“Yes please, after 5pm”' });

    // The owner takes instant alerts (the default): the answer reaches their inbox too, once, with the way back.
    await background.drain();
    const answerAlerts = answerAlertsTo(user.email);
    expect(answerAlerts).toHaveLength(1);
    expect(answerAlerts[0]).toContain(`Subject: Nora Quinn answered you (Harbour Deli ${kind})`);
    expect(answerAlerts[0]).toContain(
      'Nora Quinn answered on the conversation about their 2-star review at Main Street:\n\n"Yes please, after 5pm"',
    );
    expect(answerAlerts[0]).toContain(`Answer them: ${BASE}/reviews?review=${review.id}`);

    // Listed on Reviews by status, the customer's answer last.
    const open = (await agent.get('/api/feedback-cases?status=open')).body as FeedbackCaseList;
    expect(open.counts).toEqual({ open: 1, waiting: 0, resolved: 0 });
    expect(open.cases).toEqual([
      expect.objectContaining({ reviewId: review.id, lastAuthor: 'customer', customerName: 'Nora Quinn' }),
    ]);

    const resolved = await agent.post(`/api/feedback-cases/${feedbackCase.id}/resolve`);
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ status: 'resolved', resolvedBy: 'business' });
    const refused = await agent
      .post(`/api/feedback-cases/${feedbackCase.id}/messages`)
      .send({ body: 'Hello?' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This case is already resolved.');

    // Editing the review's reply later does not write to the customer again.
    const edited = await agent
      .put(`/api/reviews/${review.id}/response`)
      .send({ responseContent: 'We are so sorry. Fixed the kitchen.' });
    expect(edited.status).toBe(200);
    await background.drain();
    expect(mailTo(contact.email!)).toHaveLength(1);
  });

  it('when the customer reads German, then the email, the text and their page are in German', async () => {
    const { contact, review, agent } = await customerRated(2, { contact: { language: 'de' } });
    await agent.post(`/api/reviews/${review.id}/response`).send({ responseContent: 'Es tut uns leid.' });
    await background.drain();
    const [mail] = mailTo(contact.email!);
    expect(mail).toContain('Hallo Nora,');
    expect(mail).toContain(`Harbour Deli ${kind} hat auf Ihr Feedback geantwortet:`);
    const link = mail!.match(/Hier lesen und antworten: (\S+)/)![1]!.replace(BASE, '');

    const page = await supertest(app).get(link);
    expect(page.text).toContain('<html lang="de"');
    expect(page.text).toContain('Ihre Antwort');
    expect(page.text).toContain('Mein Anliegen ist gelöst');
    const empty = await supertest(app).post(link).type('form').send({ message: '' });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('Bitte geben Sie eine Nachricht ein');
  });

  it('when the customer says the issue is resolved on their page, then the case is resolved by them, and writing again reopens it', async () => {
    const { contact, review, agent } = await customerRated(1);
    await agent
      .post(`/api/reviews/${review.id}/response`)
      .send({ responseContent: 'Sorry! A refund is on its way.' });
    await background.drain();
    const link = linkIn(mailTo(contact.email!)[0]!);

    const done = await supertest(app).post(`${link}/resolve`).type('form').send({});
    expect(done.status).toBe(303);
    let feedbackCase = (await caseOfReview(agent, review.id))!;
    expect(feedbackCase).toMatchObject({ status: 'resolved', resolvedBy: 'customer' });

    await supertest(app).post(link).type('form').send({ message: 'Actually, the refund never came' });
    feedbackCase = (await caseOfReview(agent, review.id))!;
    expect(feedbackCase).toMatchObject({ status: 'open', resolvedBy: null, resolvedAt: null });
  });

  it('when the owner turned instant alerts off, then a customer’s answer rings the bell but sends them no email', async () => {
    const { user, contact, review, agent } = await customerRated(2);
    const saved = await agent
      .put('/api/notification-settings')
      .send({ instantAlerts: false, alertMaxRating: 3, weeklyDigest: true });
    expect(saved.status).toBe(200);
    await agent.post(`/api/reviews/${review.id}/response`).send({ responseContent: 'Sorry, Nora. Call us?' });
    await background.drain();
    const link = linkIn(mailTo(contact.email!)[0]!);

    expect((await supertest(app).post(link).type('form').send({ message: 'Tomorrow then' })).status).toBe(
      303,
    );
    await background.drain();

    expect((await caseOfReview(agent, review.id))!.status).toBe('open');
    const bell = await db()
      .select({ title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.ownerId, user.id), eq(notifications.kind, 'feedback_answered')));
    expect(bell).toEqual([{ title: 'Nora Quinn answered' }]);
    expect(answerAlertsTo(user.email)).toEqual([]);
  });

  it('when a link is altered, made for another case, or its answer is empty, then the page says so and nothing is written', async () => {
    const { contact, review, agent } = await customerRated(2);
    await agent.post(`/api/reviews/${review.id}/response`).send({ responseContent: 'Sorry about that.' });
    await background.drain();
    const link = linkIn(mailTo(contact.email!)[0]!);
    const token = decodeURIComponent(link.split('/').pop()!);
    const feedbackCase = (await caseOfReview(agent, review.id))!;
    const messages = async () =>
      (await db().select().from(feedbackMessages).where(eq(feedbackMessages.caseId, feedbackCase.id))).length;

    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const forged = await supertest(app)
      .post(`/api/feedback/${encodeURIComponent(altered)}`)
      .type('form')
      .send({ message: 'Hi' });
    expect(forged.status).toBe(404);
    expect(forged.text).toContain('This link is not valid');

    const empty = await supertest(app).post(link).type('form').send({ message: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('Please enter a message');

    // A new key for the case ends every link sent so far.
    await db().update(feedbackCases).set({ linkKey: 'rotated' }).where(eq(feedbackCases.id, feedbackCase.id));
    expect((await supertest(app).get(link)).status).toBe(404);
    expect(await messages()).toBe(1);
  });

  it('when the customer opted out of email, then the message goes by SMS; opted out of both, then it is not sent and the case is the business’s turn again', async () => {
    const phone = '+447700900777';
    const { contact, review, agent } = await customerRated(2, { contact: { phone } });
    await db().update(contacts).set({ emailOptedOutAt: new Date() }).where(eq(contacts.id, contact.id));
    let feedbackCase = (await caseOfReview(agent, review.id))!;
    expect(feedbackCase.channel).toBe('sms');

    await agent.post(`/api/reviews/${review.id}/response`).send({ responseContent: 'Sorry, Nora.' });
    await background.drain();
    const texts = twilio.messages.filter((m) => m.to === phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toMatch(
      /^Harbour Deli .*: Sorry, Nora\.\n\nAnswer here: https:\/\/reviews\.example\.com\/api\/feedback\//,
    );
    expect(mailTo(contact.email!)).toHaveLength(0);
    feedbackCase = (await caseOfReview(agent, review.id))!;
    expect(feedbackCase.messages[0]!.delivery).toMatchObject({ status: 'sent', channel: 'sms' });
    // The stored copy hides the customer's link, as every sent link is hidden there.
    const { outboundMessages } = await import('../../../db/schema');
    const [kept] = await db().select().from(outboundMessages).where(eq(outboundMessages.recipient, phone));
    expect(kept!.body).toContain('[redacted]');

    // Opted out of SMS too (a STOP) while a message waits: it is not sent, and says why.
    const queued = await agent
      .post(`/api/feedback-cases/${feedbackCase.id}/messages`)
      .send({ body: 'Any news?' });
    expect(queued.status).toBe(201);
    await db().update(contacts).set({ smsOptedOutAt: new Date() }).where(eq(contacts.id, contact.id));
    await background.drain();
    feedbackCase = (await caseOfReview(agent, review.id))!;
    expect(feedbackCase.messages[1]!.delivery).toEqual({
      status: 'not_sent',
      channel: null,
      sendAt: null,
      reason: 'The customer opted out of email and opted out of SMS.',
    });
    expect(feedbackCase.status).toBe('open');
    expect(twilio.messages.filter((m) => m.to === phone)).toHaveLength(1);

    const refused = await agent
      .post(`/api/feedback-cases/${feedbackCase.id}/messages`)
      .send({ body: 'Hello?' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('The customer opted out of email and opted out of SMS.');
  });

  it('when the owner writes during the customer’s quiet hours, then the message waits until they end and the case says when', async () => {
    const { contact, review, agent } = await customerRated(2);
    await agent.post(`/api/reviews/${review.id}/response`).send({ responseContent: 'Sorry, Nora.' });
    await background.drain();
    const feedbackCase = (await caseOfReview(agent, review.id))!;
    // The default quiet hours: 21:00 to 08:00 at the customer's.

    clock = dayAheadAt(23); // 23:00 at the customer's
    const sent = await agent
      .post(`/api/feedback-cases/${feedbackCase.id}/messages`)
      .send({ body: 'One more thing' });
    expect(sent.status).toBe(201);
    const morning = new Date(clock.getTime() + 9 * HOUR).toISOString(); // 08:00 the next day
    expect((sent.body as FeedbackCase).messages[1]!.delivery).toEqual({
      status: 'queued',
      channel: null,
      sendAt: morning,
      reason: null,
    });
    await background.drain();
    expect(mailTo(contact.email!)).toHaveLength(1);

    clock = new Date(Date.parse(morning) + 60_000);
    await background.makeDue();
    await background.drain();
    expect(mailTo(contact.email!)).toHaveLength(2);
    expect((await caseOfReview(agent, review.id))!.messages[1]!.delivery).toMatchObject({
      status: 'sent',
      sendAt: null,
    });
  });

  it('when sending is not set up, then the message is kept in the outbox and says so', async () => {
    const bare = createTestContext(
      db(),
      { TOKEN_ENCRYPTION_KEY: KEY, PUBLIC_BASE_URL: BASE },
      { now: () => clock },
    );
    const bareApp = createTestApp(db(), { TOKEN_ENCRYPTION_KEY: KEY, PUBLIC_BASE_URL: BASE }, bare);
    const bareBackground = createTestBackground(
      db(),
      { TOKEN_ENCRYPTION_KEY: KEY, PUBLIC_BASE_URL: BASE },
      bare,
    );
    const user = await createUser(db());
    const { feedbackCase } = await createFeedbackCase(db(), user.id);
    const agent = await signedInAgent(bareApp, user);
    await agent.post(`/api/feedback-cases/${feedbackCase.id}/messages`).send({ body: 'Sorry!' });
    await bareBackground.drain();
    const read = (await agent.get(`/api/feedback-cases/${feedbackCase.id}`)).body as FeedbackCase;
    expect(read.messages[0]!.delivery).toMatchObject({ status: 'outbox', channel: 'email' });
  });

  it('when someone else asks, then another client’s case and a case at another location are not found', async () => {
    const owner = await createUser(db());
    const here = await createLocation(db(), owner.id);
    const elsewhere = await createLocation(db(), owner.id, { name: 'Elsewhere' });
    const { feedbackCase, review } = await createFeedbackCase(db(), owner.id, { locationId: here.id });
    const stranger = await signedInAgent(app, await createUser(db()));
    for (const path of [
      `/api/feedback-cases/${feedbackCase.id}`,
      `/api/reviews/${review.id}/feedback-case`,
    ]) {
      expect((await stranger.get(path)).status).toBe(404);
    }
    expect((await stranger.post(`/api/feedback-cases/${feedbackCase.id}/resolve`)).status).toBe(404);
    expect(((await stranger.get('/api/feedback-cases')).body as FeedbackCaseList).counts.open).toBe(0);

    const member = await createMember(db(), owner.id, { role: 'responder', locationIds: [elsewhere.id] });
    const limited = await signedInAgent(app, member.user);
    expect((await limited.get(`/api/feedback-cases/${feedbackCase.id}`)).status).toBe(404);
    expect(((await limited.get('/api/feedback-cases')).body as FeedbackCaseList).cases).toEqual([]);
    const ownerAgent = await signedInAgent(app, owner);
    expect(((await ownerAgent.get('/api/feedback-cases')).body as FeedbackCaseList).cases).toHaveLength(1);
  });

  it('when a client has more cases than a page, then the cursor walks them all once, latest activity first', async () => {
    const owner = await createUser(db());
    const made: number[] = [];
    for (let i = 0; i < 23; i += 1) {
      const { feedbackCase } = await createFeedbackCase(db(), owner.id);
      await db()
        .update(feedbackCases)
        .set({ lastActivityAt: new Date(Date.UTC(2026, 0, 1, 0, i % 5)) })
        .where(eq(feedbackCases.id, feedbackCase.id));
      made.push(feedbackCase.id);
    }
    const agent = await signedInAgent(app, owner);
    const first = (await agent.get('/api/feedback-cases')).body as FeedbackCaseList;
    expect(first.cases).toHaveLength(20);
    const second = (await agent.get(`/api/feedback-cases?cursor=${encodeURIComponent(first.nextCursor!)}`))
      .body as FeedbackCaseList;
    expect(second.nextCursor).toBeNull();
    const seen = [...first.cases, ...second.cases];
    expect(seen.map((c) => c.id).sort((a, b) => a - b)).toEqual(made);
    const order = seen.map((c) => [c.lastActivityAt, c.id] as const);
    expect(order).toEqual([...order].sort((a, b) => (a[0] === b[0] ? b[1] - a[1] : a[0] < b[0] ? 1 : -1)));
  });
});
