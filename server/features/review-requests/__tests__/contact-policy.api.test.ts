import { and, eq, like, lte, or, sql } from 'drizzle-orm';
import type { Express } from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ContactEvent } from '@shared/schemas/contacts';
import { askedOnText, askedRecentlyReason, type ReviewRequest } from '@shared/schemas/review-requests';
import {
  contactEvents,
  jobs,
  outboundMessages,
  plans,
  reviewRequests,
  reviews,
  users,
} from '../../../db/schema';
import type { AppContext } from '../../../lib/context';
import { createSecretBox } from '../../../lib/crypto';
import { createTestBackground, type TestBackground } from '../../../testing/background';
import {
  createContact,
  createLocation,
  createReviewRequest,
  createUser,
  signedInAgent,
} from '../../../testing/factories';
import { googleReview, startFakeGoogle, type FakeGoogle } from '../../../testing/fake-google';
import { startTestSmtpServer, type TestSmtpServer } from '../../../testing/smtp';
import { createTestApp, createTestContext } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { MONTHLY_LIMIT_REACHED } from '../review-requests.service';

const BASE = 'https://reviews.example.com';
const DAY = 86_400_000;
/** Years ahead of the database's clock: nothing the tests queue is due until they say so. */
const T0 = new Date('2031-03-10T10:00:00Z');
const KEY = 'd'.repeat(64);
const secretBox = createSecretBox(KEY);
const REVIEWED_ELSEWHERE = 'Reviewed through another request';

describe.each(testDatabaseKinds)('one customer, one policy on %s', (kind) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let google: FakeGoogle;
  let ctx: AppContext;
  let app: Express;
  let background: TestBackground;
  let clock: Date;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    smtp = await startTestSmtpServer();
    google = await startFakeGoogle({ clientId: 'client-p', clientSecret: 'secret-p' });
    const env = {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'ReviewFlow <requests@reviewflow.example>',
      PUBLIC_BASE_URL: BASE,
      TOKEN_ENCRYPTION_KEY: KEY,
      GOOGLE_CLIENT_ID: 'client-p',
      GOOGLE_CLIENT_SECRET: 'secret-p',
      GOOGLE_API_BASE: google.url,
      GOOGLE_OAUTH_BASE: google.url,
    };
    ctx = createTestContext(database.handle.db, env);
    ctx.now = () => clock;
    app = createTestApp(database.handle.db, {}, ctx);
    background = createTestBackground(database.handle.db, {}, ctx);
  });
  afterAll(async () => {
    await smtp?.close();
    await google?.close();
    await database?.drop();
  });
  beforeEach(() => {
    clock = T0;
    smtp.messages.length = 0;
  });

  const db = () => database.handle.db;
  const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));

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

  const ask = (o: Owner, contact: { id: number }, extra: object = {}) =>
    o.agent
      .post('/api/review-requests')
      .send({ locationId: o.location.id, contactId: contact.id, method: 'email', ...extra });
  const bulk = (o: Owner, body: object) =>
    o.agent.post('/api/review-requests/bulk').send({ locationId: o.location.id, method: 'email', ...body });
  const timeline = async (o: Owner, contactId: number) =>
    (await o.agent.get(`/api/contacts/${contactId}/timeline`).expect(200)).body as ContactEvent[];
  const requestsTo = (contactId: number) =>
    db()
      .select()
      .from(reviewRequests)
      .where(eq(reviewRequests.contactId, contactId))
      .orderBy(reviewRequests.id);
  const detail = async (o: Owner, id: number) =>
    (await o.agent.get(`/api/review-requests/${id}`).expect(200)).body as ReviewRequest & {
      events: { kind: string; detail: string | null }[];
    };
  const pendingJobsOf = (id: number) =>
    db()
      .select({ queue: jobs.queue })
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

  /** "Asked on 3 Mar by email", as the server words it (business zone unset: UTC). */
  const askedOn = (row: { createdAt: Date }) =>
    askedOnText({ askedAt: row.createdAt, method: 'email' }, 'UTC');

  describe('automatic paths skip a contact asked inside the window', () => {
    it('when a tag is sent to twice in a row, then the second send skips everyone, says when and how they were asked, and their timelines show it', async () => {
      const o = await owner();
      const tag = `regulars-${kind}`;
      const ann = await createContact(db(), o.user.id, { name: 'Ann Baker', tags: [tag] });
      const bob = await createContact(db(), o.user.id, { name: 'Bob Cole', tags: [tag] });

      const first = await bulk(o, { tag }).expect(201);
      expect(first.body).toEqual({ created: 2, skipped: [] });
      const second = await bulk(o, { tag }).expect(200);

      const [annAsk] = await requestsTo(ann.id);
      const reason = askedRecentlyReason({ askedAt: annAsk!.createdAt, method: 'email' }, 30, 'UTC');
      expect(reason).toBe(`${askedOn(annAsk!)}: at most once every 30 days`);
      expect(second.body.created).toBe(0);
      expect(second.body.skipped).toEqual([
        { contactId: ann.id, name: 'Ann Baker', reason },
        {
          contactId: bob.id,
          name: 'Bob Cole',
          reason: expect.stringMatching(/^Asked on .+ by email: at most once every 30 days$/),
        },
      ]);
      expect(await requestsTo(ann.id)).toHaveLength(1);
      expect(await requestsTo(bob.id)).toHaveLength(1);
      expect(await timeline(o, ann.id)).toEqual([
        expect.objectContaining({ kind: 'skipped', channel: 'email', detail: reason, reviewRequestId: null }),
        expect.objectContaining({
          kind: 'asked',
          channel: 'email',
          detail: 'Send to many',
          reviewRequestId: annAsk!.id,
        }),
      ]);
    });

    it('when picked contacts include one asked recently and one twice, then the others are asked once each', async () => {
      const o = await owner();
      const asked = await createContact(db(), o.user.id, { name: 'Asked Before' });
      const fresh = await createContact(db(), o.user.id, { name: 'Fresh Face' });
      await ask(o, asked).expect(201);

      const res = await bulk(o, { contactIds: [asked.id, fresh.id, fresh.id] }).expect(201);

      expect(res.body.created).toBe(1);
      expect(res.body.skipped).toEqual([
        { contactId: asked.id, name: 'Asked Before', reason: expect.stringMatching(/^Asked on /) },
      ]);
      expect(await requestsTo(fresh.id)).toHaveLength(1);
    });

    it('when the ask window is 0, then the policy is off and a second send asks again', async () => {
      const o = await owner({ askWindowDays: 0 });
      const tag = `off-${kind}`;
      const ann = await createContact(db(), o.user.id, { tags: [tag] });

      await bulk(o, { tag }).expect(201);
      const again = await bulk(o, { tag }).expect(201);

      expect(again.body).toEqual({ created: 1, skipped: [] });
      expect(await requestsTo(ann.id)).toHaveLength(2);
      expect(
        (await o.agent.get(`/api/review-requests/last-asked?contactId=${ann.id}`).expect(200)).body,
      ).toBe(null);
    });

    it('when earlier requests failed, were cancelled before going out, were links or are older than the window, then they were no ask', async () => {
      const o = await owner({ askWindowDays: 7 });
      const c = await createContact(db(), o.user.id);
      const base = { contactId: c.id };
      await createReviewRequest(db(), o.user.id, o.location.id, { ...base, status: 'failed' });
      await createReviewRequest(db(), o.user.id, o.location.id, { ...base, status: 'cancelled' });
      await createReviewRequest(db(), o.user.id, o.location.id, { ...base, method: 'link', status: 'sent' });
      await createReviewRequest(db(), o.user.id, o.location.id, {
        ...base,
        status: 'completed',
        createdAt: new Date(Date.now() - 8 * DAY),
      });

      const res = await bulk(o, { contactIds: [c.id] }).expect(201);
      expect(res.body).toEqual({ created: 1, skipped: [] });

      // A request cancelled after it went out was an ask.
      const other = await createContact(db(), o.user.id);
      await createReviewRequest(db(), o.user.id, o.location.id, {
        contactId: other.id,
        status: 'cancelled',
        sentAt: new Date(),
        method: 'sms',
      });
      const skipped = await bulk(o, { contactIds: [other.id] }).expect(200);
      expect(skipped.body.skipped[0].reason).toMatch(/^Asked on .+ by SMS: at most once every 7 days$/);
    });

    it('when /api/v1 is called for a recently asked customer, then it answers 409 asked_recently, sends nothing and the timeline says why', async () => {
      const o = await owner();
      const key = (await o.agent.post('/api/api-keys').send({ name: 'Till' }).expect(201)).body.key as string;
      const call = () =>
        supertest(app)
          .post('/api/v1/review-requests')
          .set('Authorization', `Bearer ${key}`)
          .send({ name: 'Pat Jones', email: `pat-${kind}@example.com` });

      const first = await call().expect(201);
      const second = await call().expect(409);

      const [row] = await requestsTo(first.body.contactId);
      expect(second.body).toEqual({
        message: `${askedOn(row!)}: at most once every 30 days`,
        code: 'asked_recently',
      });
      expect(await requestsTo(first.body.contactId)).toHaveLength(1);
      expect((await timeline(o, first.body.contactId)).map((e) => [e.kind, e.detail])).toEqual([
        ['skipped', `${askedOn(row!)}: at most once every 30 days`],
        ['asked', 'API'],
      ]);
    });
  });

  describe('a single request from the dialog', () => {
    it('when the contact was asked recently, then 409 says when and how, and the confirmed request is sent', async () => {
      const o = await owner();
      const c = await createContact(db(), o.user.id, { name: 'Cara Diaz' });
      expect((await o.agent.get(`/api/review-requests/last-asked?contactId=${c.id}`).expect(200)).body).toBe(
        null,
      );
      await ask(o, c).expect(201);
      const [first] = await requestsTo(c.id);

      const last = await o.agent.get(`/api/review-requests/last-asked?contactId=${c.id}`).expect(200);
      expect(last.body).toEqual({ askedAt: first!.createdAt.toISOString(), method: 'email', windowDays: 30 });
      const refused = await ask(o, c).expect(409);
      expect(refused.body).toEqual({
        message: `${askedOn(first!)}: at most once every 30 days. Confirm to ask them again.`,
        code: 'asked_recently',
      });
      expect(await requestsTo(c.id)).toHaveLength(1);

      const confirmed = await ask(o, c, { confirmRecentAsk: true }).expect(201);
      expect(confirmed.body.status).toBe('queued');
      expect(await requestsTo(c.id)).toHaveLength(2);
      expect((await timeline(o, c.id)).map((e) => [e.kind, e.detail])).toEqual([
        ['asked', 'Single request'],
        ['asked', 'Single request'],
      ]);
    });

    it("when the contact is another client's or the id is bad, then last-asked answers 404 or 400", async () => {
      const o = await owner();
      const other = await owner();
      const theirs = await createContact(db(), other.user.id);
      await o.agent.get(`/api/review-requests/last-asked?contactId=${theirs.id}`).expect(404);
      const bad = await o.agent.get('/api/review-requests/last-asked?contactId=abc').expect(400);
      expect(bad.body.message).toBe('Please select a contact');
      await o.agent.get(`/api/contacts/${theirs.id}/timeline`).expect(404);
    });
  });

  describe('a review ends the other requests', () => {
    it('when the customer reviews through one request, then their other open requests are cancelled with the reason and nothing more goes out for them', async () => {
      const o = await owner();
      const c = await createContact(db(), o.user.id, { name: 'Dana Eve' });
      const sent = (await ask(o, c).expect(201)).body as ReviewRequest;
      await advanceTo(T0); // sent, its first reminder waiting for day 3
      expect(await pendingJobsOf(sent.id)).toEqual([{ queue: 'send-request-reminder' }]);
      const queued = (await ask(o, c, { confirmRecentAsk: true }).expect(201)).body as ReviewRequest;
      const reviewedThrough = (await ask(o, c, { confirmRecentAsk: true }).expect(201)).body as ReviewRequest;
      const unrelated = await createContact(db(), o.user.id);
      const theirs = (await ask(o, unrelated).expect(201)).body as ReviewRequest;

      await supertest(app)
        .post(`/api/public/review/${reviewedThrough.uniqueLink}`)
        .send({ rating: 2, content: 'Cold coffee' })
        .expect(200);

      for (const id of [sent.id, queued.id]) {
        const d = await detail(o, id);
        expect(d).toMatchObject({ status: 'cancelled', cancelReason: REVIEWED_ELSEWHERE });
        expect(d.events).toContainEqual(
          expect.objectContaining({ kind: 'cancelled', detail: REVIEWED_ELSEWHERE }),
        );
        expect(await pendingJobsOf(id)).toEqual([]);
      }
      expect((await detail(o, sent.id)).events.at(-1)).toMatchObject({ kind: 'reminder_cancelled' });
      expect((await detail(o, reviewedThrough.id)).status).toBe('completed');
      expect((await detail(o, theirs.id)).status).toBe('queued');

      await advanceTo(new Date(T0.getTime() + 10 * DAY));
      expect(mailsTo(c.email!)).toHaveLength(1); // only the first request's message, before the review
      expect(
        await db().select().from(outboundMessages).where(eq(outboundMessages.reviewRequestId, queued.id)),
      ).toEqual([]);

      const lines = await timeline(o, c.id);
      expect(lines.slice(0, 3).map((e) => [e.kind, e.detail, e.reviewRequestId])).toEqual(
        expect.arrayContaining([
          ['reviewed', 'Rated 2 of 5', reviewedThrough.id],
          ['cancelled', REVIEWED_ELSEWHERE, sent.id],
          ['cancelled', REVIEWED_ELSEWHERE, queued.id],
        ]),
      );
      const list = await o.agent.get('/api/review-requests?status=cancelled').expect(200);
      expect(list.body.find((r: ReviewRequest) => r.id === queued.id).cancelReason).toBe(REVIEWED_ELSEWHERE);
    });

    async function googleOwner(reviewsOnGoogle: ReturnType<typeof googleReview>[]) {
      const o = await owner();
      const account = `policy-${kind}-${o.user.id}`;
      const googleLocationId = google.addLocation(account, `loc${o.user.id}`, 'High Street', reviewsOnGoogle);
      const accessToken = `ya29-policy-${kind}-${o.user.id}`;
      const refreshToken = `1//policy-${kind}-${o.user.id}`;
      google.grant({ accessToken, refreshToken, accounts: [account] });
      const location = await createLocation(db(), o.user.id, {
        googleLocationId,
        googleAccessToken: secretBox.encrypt(accessToken),
        googleRefreshToken: secretBox.encrypt(refreshToken),
        googleTokenExpiresAt: new Date(Date.now() + 3_600_000),
      });
      return { ...o, location };
    }

    it('when a Google review is matched by name to one contact asked within 14 days, then it is theirs and their open requests are cancelled', async () => {
      const at = (n: number) => new Date(Date.UTC(2024, 0, 1) + n * 3_600_000);
      const o = await googleOwner([
        googleReview(1, { reviewer: { displayName: '  eve   FROST ' } }),
        googleReview(2, { reviewer: { displayName: 'Sam Twin' } }),
        googleReview(3, { reviewer: { displayName: 'Late Larry' } }),
      ]);
      const eve = await createContact(db(), o.user.id, { name: 'Eve Frost' });
      const twinA = await createContact(db(), o.user.id, { name: 'Sam Twin' });
      const twinB = await createContact(db(), o.user.id, { name: 'sam twin' });
      const larry = await createContact(db(), o.user.id, { name: 'Late Larry' });
      const open = (contactId: number, createdAt: Date) =>
        createReviewRequest(db(), o.user.id, o.location.id, {
          contactId,
          status: 'sent',
          sentAt: createdAt,
          createdAt,
        });
      const eveRequest = await open(eve.id, new Date(at(1).getTime() - 5 * DAY));
      await open(twinA.id, new Date(at(2).getTime() - DAY));
      await open(twinB.id, new Date(at(2).getTime() - DAY));
      await open(larry.id, new Date(at(3).getTime() - 15 * DAY));

      await o.agent.post('/api/integrations/google/import-reviews').expect(202);
      await background.drain();

      const imported = await db()
        .select()
        .from(reviews)
        .where(eq(reviews.ownerId, o.user.id))
        .orderBy(reviews.externalId);
      expect(imported.map((r) => [r.externalId, r.contactId])).toEqual([
        ['review-1', eve.id],
        ['review-2', null],
        ['review-3', null],
      ]);
      const [eveRow] = await requestsTo(eve.id);
      expect(eveRow).toMatchObject({ status: 'cancelled', cancelReason: 'Reviewed on Google' });
      expect((await requestsTo(twinA.id))[0]!.status).toBe('sent');
      expect((await requestsTo(larry.id))[0]!.status).toBe('sent');
      expect(eveRow!.id).toBe(eveRequest.id);
      expect((await timeline(o, eve.id)).map((e) => [e.kind, e.detail])).toEqual([
        ['cancelled', 'Reviewed on Google'],
        ['reviewed', 'Reviewed on Google, matched by name'],
      ]);
    });
  });

  describe('the bulk preview', () => {
    it('when previewed, then it counts, names who is skipped and why, renders the first message, and sends, queues and reserves nothing', async () => {
      const o = await owner();
      const [plan] = await db()
        .insert(plans)
        .values({ name: 'Small', priceCents: 900, reviewRequestLimit: 3, locationsLimit: null })
        .returning();
      await db().update(users).set({ planId: plan!.id }).where(eq(users.id, o.user.id));
      const tag = `preview-${kind}`;
      const asked = await createContact(db(), o.user.id, { name: 'Asked Already', tags: [tag] });
      await ask(o, asked).expect(201); // 1 of the plan's 3 used
      const ann = await createContact(db(), o.user.id, { name: 'Ann Marie Baker', tags: [tag] });
      await createContact(db(), o.user.id, { name: 'Bo Second', tags: [tag] });
      const over = await createContact(db(), o.user.id, { name: 'Cy Third', tags: [tag] });
      const noEmail = await createContact(db(), o.user.id, { name: 'No Email', email: null, tags: [tag] });
      const out = await createContact(db(), o.user.id, {
        name: 'Opted Out',
        emailOptedOutAt: new Date(),
        tags: [tag],
      });
      const count = async () => {
        const [r] = await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(reviewRequests)
          .where(eq(reviewRequests.ownerId, o.user.id));
        const [j] = await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(jobs);
        const [m] = await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(outboundMessages)
          .where(eq(outboundMessages.ownerId, o.user.id));
        const [e] = await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(contactEvents)
          .where(eq(contactEvents.ownerId, o.user.id));
        const usage = (await o.agent.get('/api/subscription').expect(200)).body.usage
          .reviewRequests as number;
        return { requests: r!.n, jobs: j!.n, messages: m!.n, events: e!.n, usage };
      };
      const before = await count();

      const res = await o.agent
        .post('/api/review-requests/bulk/preview')
        .send({ locationId: o.location.id, method: 'email', tag })
        .expect(200);

      expect(await count()).toEqual(before);
      expect(res.body.count).toBe(2);
      expect(res.body.skipped).toEqual(
        expect.arrayContaining([
          { contactId: noEmail.id, name: 'No Email', reason: 'This contact has no email address.' },
          { contactId: out.id, name: 'Opted Out', reason: 'This contact has opted out of Email messages.' },
          {
            contactId: asked.id,
            name: 'Asked Already',
            reason: expect.stringMatching(/^Asked on .+ by email: at most once every 30 days$/),
          },
          { contactId: over.id, name: 'Cy Third', reason: MONTHLY_LIMIT_REACHED },
        ]),
      );
      expect(res.body.skipped).toHaveLength(4);
      expect(res.body.message.contactName).toBe('Ann Marie Baker');
      expect(res.body.message.subject).toBe('How was your visit to Sunrise Bakery?');
      expect(res.body.message.body).toMatch(/^Hi Ann,\n\nThank you for choosing Sunrise Bakery\./);
      expect(res.body.message.body).toContain(`${BASE}/review/`);
      expect(res.body.message.body).toContain(`Unsubscribe: ${BASE}/api/unsubscribe/`);
      expect(ann.id).toBeLessThan(over.id);

      // The send does what the preview said.
      const sent = await bulk(o, { tag }).expect(201);
      expect(sent.body.created).toBe(2);
      expect(sent.body.skipped.map((s: { contactId: number }) => s.contactId).sort()).toEqual(
        res.body.skipped.map((s: { contactId: number }) => s.contactId).sort(),
      );
    });

    it('when an SMS is previewed, then the text is the one delivery sends; with nobody to ask there is no message', async () => {
      const o = await owner();
      const c = await createContact(db(), o.user.id, { name: 'Tex Tee', phone: '+447700900555' });
      const res = await o.agent
        .post('/api/review-requests/bulk/preview')
        .send({ locationId: o.location.id, method: 'sms', contactIds: [c.id] })
        .expect(200);
      expect(res.body.count).toBe(1);
      expect(res.body.message).toMatchObject({ contactName: 'Tex Tee', subject: null });
      expect(res.body.message.body).toMatch(/^Hi Tex, thanks for visiting Sunrise Bakery!/);

      const none = await o.agent
        .post('/api/review-requests/bulk/preview')
        .send({ locationId: o.location.id, method: 'whatsapp', contactIds: [999_999] })
        .expect(200);
      expect(none.body).toEqual({
        count: 0,
        skipped: [{ contactId: 999_999, name: null, reason: 'Contact not found' }],
        message: null,
      });
      await o.agent.post('/api/review-requests/bulk/preview').send({ locationId: o.location.id }).expect(400);
    });
  });

  describe('settings', () => {
    it('when the ask window is read, saved and refused, then it is 30 by default, kept, and 0-365 only', async () => {
      const o = await owner();
      const current = await o.agent.get('/api/request-settings').expect(200);
      expect(current.body.askWindowDays).toBe(30);
      for (const bad of [-1, 366, 2.5, 'soon']) {
        const res = await o.agent
          .put('/api/request-settings')
          .send({ ...current.body, askWindowDays: bad })
          .expect(400);
        expect(res.body.details.askWindowDays).toEqual(['Choose between 0 and 365 days (0 turns this off)']);
      }
      await o.agent
        .put('/api/request-settings')
        .send({ ...current.body, askWindowDays: 90 })
        .expect(200);
      expect((await o.agent.get('/api/request-settings').expect(200)).body.askWindowDays).toBe(90);
    });
  });
});
