import { and, eq, sql } from 'drizzle-orm';
import type { Express } from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifications, notificationSettings, reviews, users } from '../../../db/schema';
import { createTestBackground, type TestBackground } from '../../../testing/background';
import {
  createContact,
  createLocation,
  createMember,
  createReview,
  createReviewRequest,
  createUser,
  signedInAgent,
} from '../../../testing/factories';
import { decodeQuotedPrintable, startTestSmtpServer, type TestSmtpServer } from '../../../testing/smtp';
import { createTestApp } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { enqueue } from '../../../lib/queue/enqueue';
import { recordNotifications } from '../notifications.repository';

const BASE = 'https://reviews.example.com';
const DAY = 86_400_000;

describe.each(testDatabaseKinds)('notifications and email alerts on %s', (kind) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let app: Express;
  let background: TestBackground;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    smtp = await startTestSmtpServer();
    const env = { SMTP_URL: smtp.url, MAIL_FROM: 'ReviewFlow <alerts@example.com>', PUBLIC_BASE_URL: BASE };
    app = createTestApp(database.handle.db, env);
    background = createTestBackground(database.handle.db, env);
  });
  afterAll(async () => {
    await smtp?.close();
    await database?.drop();
  });
  beforeEach(() => {
    smtp.messages.length = 0;
  });

  const db = () => database.handle.db;
  const notificationsOf = (ownerId: number) =>
    db().select().from(notifications).where(eq(notifications.ownerId, ownerId)).orderBy(notifications.id);
  const mailsTo = (email: string) =>
    smtp.messages
      .filter((m) => m.to.includes(email))
      .map((m) => ({ ...m, text: decodeQuotedPrintable(m.raw) }));

  async function owner(companyName = 'Sunrise Bakery') {
    const user = await createUser(db(), { companyName });
    const location = await createLocation(db(), user.id, { name: 'High Street' });
    return { user, location, agent: await signedInAgent(app, user) };
  }

  /** A customer leaves a review on the location's public page. */
  const submit = (publicLink: string, rating: number, content: string, name = 'Ann Baker') =>
    supertest(app).post(`/api/public/review/${publicLink}`).send({ rating, content, name });

  describe('the bell', () => {
    it('when a customer leaves a review, then the owner has one unread notification that opens it', async () => {
      const { user, location, agent } = await owner();

      await submit(location.publicLink, 2, 'The bread was stale').expect(200);

      const count = await agent.get('/api/notifications/unread-count');
      expect(count.body).toEqual({ unread: 1 });
      const list = await agent.get('/api/notifications');
      expect(list.headers['x-total-count']).toBe('1');
      const [review] = await db().select().from(reviews).where(eq(reviews.ownerId, user.id));
      expect(list.body).toEqual([
        {
          id: expect.any(Number),
          kind: 'review_negative',
          title: 'New 2-star private review',
          body: 'Ann Baker: “The bread was stale”',
          target: `/reviews?review=${review!.id}`,
          createdAt: expect.any(String),
          readAt: null,
        },
      ]);

      const read = await agent.post(`/api/notifications/${list.body[0].id}/read`);
      expect(read.status).toBe(200);
      expect(read.body.readAt).not.toBeNull();
      expect((await agent.get('/api/notifications/unread-count')).body).toEqual({ unread: 0 });
    });

    it('when there are many, then they come newest first, paged, and read-all clears the count', async () => {
      const { user, agent } = await owner();
      for (let i = 1; i <= 25; i += 1) {
        await recordNotifications(db(), [
          { ownerId: user.id, kind: 'review_new', title: `Review ${i}`, target: '/reviews' },
        ]);
      }

      const first = await agent.get('/api/notifications?pageSize=10');
      const third = await agent.get('/api/notifications?pageSize=10&page=3');
      const unreadOnly = await agent.get('/api/notifications?unread=true&pageSize=50');

      expect(first.headers['x-total-count']).toBe('25');
      expect(first.body.map((n: { title: string }) => n.title).slice(0, 2)).toEqual([
        'Review 25',
        'Review 24',
      ]);
      expect(third.body).toHaveLength(5);
      expect(unreadOnly.body).toHaveLength(25);
      expect((await agent.post('/api/notifications/read-all')).body).toEqual({ updated: 25 });
      expect((await agent.get('/api/notifications/unread-count')).body).toEqual({ unread: 0 });
      expect((await agent.get('/api/notifications?unread=true')).body).toEqual([]);
      expect((await agent.get('/api/notifications?pageSize=51')).status).toBe(400);
    });

    it("when another client asks, then it sees none of the owner's events and cannot mark them; the admin mirror sees them", async () => {
      const { user, location, agent } = await owner();
      const stranger = await owner('Other Shop');
      const admin = await createUser(db(), { role: 'admin' });
      const adminAgent = await signedInAgent(app, admin);
      await submit(location.publicLink, 5, 'Great');
      const [note] = await notificationsOf(user.id);

      const strangerList = await stranger.agent.get('/api/notifications');
      const strangerRead = await stranger.agent.post(`/api/notifications/${note!.id}/read`);
      const mirror = await adminAgent.get(`/api/admin/clients/${user.id}/notifications`);

      expect(strangerList.body).toEqual([]);
      expect(strangerRead.status).toBe(404);
      expect((await agent.get('/api/notifications/unread-count')).body).toEqual({ unread: 1 });
      expect(mirror.body.map((n: { id: number }) => n.id)).toEqual([note!.id]);
    });

    it('when one person marks notifications read, one or all, then they stay unread for the rest of the team', async () => {
      const { user, agent } = await owner();
      const { user: member } = await createMember(db(), user.id, { role: 'responder' });
      const memberAgent = await signedInAgent(app, member);
      const admin = await createUser(db(), { role: 'admin' });
      const adminAgent = await signedInAgent(app, admin);
      const record = (title: string) =>
        recordNotifications(db(), [{ ownerId: user.id, kind: 'review_new', title, target: '/reviews' }]);
      await record('First');
      await record('Second');
      await record('Third');
      const unreadOf = async (someone: typeof agent) =>
        ((await someone.get('/api/notifications/unread-count')).body as { unread: number }).unread;
      const [third] = (await memberAgent.get('/api/notifications')).body as { id: number }[];

      const read = await memberAgent.post(`/api/notifications/${third!.id}/read`);

      expect(read.body.readAt).not.toBeNull();
      expect(await unreadOf(memberAgent)).toBe(2);
      expect(await unreadOf(agent)).toBe(3);
      const ownerList = (await agent.get('/api/notifications')).body as {
        id: number;
        readAt: string | null;
      }[];
      expect(ownerList.map((n) => n.readAt)).toEqual([null, null, null]);

      expect((await memberAgent.post('/api/notifications/read-all')).body).toEqual({ updated: 2 });
      expect(await unreadOf(memberAgent)).toBe(0);
      expect(await unreadOf(agent)).toBe(3);
      expect((await agent.get('/api/notifications?unread=true')).body).toHaveLength(3);

      // The owner's own read-all, and an admin looking at the client's bell, leave the member's state be.
      await record('Fourth');
      expect(await unreadOf(memberAgent)).toBe(1);
      await adminAgent.post(`/api/admin/clients/${user.id}/notifications/read-all`).expect(200);
      expect(await unreadOf(agent)).toBe(4);
      expect((await agent.post('/api/notifications/read-all')).body).toEqual({ updated: 4 });
      expect(await unreadOf(agent)).toBe(0);
      const memberList = (await memberAgent.get('/api/notifications')).body as { readAt: string | null }[];
      expect(memberList.map((n) => n.readAt === null)).toEqual([true, false, false, false]);
    });

    it('when storing a submission fails, then no notification is left behind either', async () => {
      const { user, location } = await owner();
      await db().execute(sql`
        create or replace function refuse_review() returns trigger language plpgsql as $$
        begin raise exception 'disk full'; end $$`);
      await db().execute(sql`
        create trigger refuse_review after insert on notifications for each row execute function refuse_review()`);
      try {
        const res = await submit(location.publicLink, 1, 'Awful');
        expect(res.status).toBe(500);
      } finally {
        await db().execute(sql`drop trigger refuse_review on notifications`);
      }
      expect(await db().select().from(reviews).where(eq(reviews.ownerId, user.id))).toEqual([]);
      expect(await notificationsOf(user.id)).toEqual([]);
    });

    it('when a review request fails for good, then the owner is told which one', async () => {
      const { user, location } = await owner();
      const contact = await createContact(db(), user.id, { name: 'Nora Quinn', email: null, phone: null });
      const request = await db().transaction(async (tx) => {
        const row = await createReviewRequest(
          tx as unknown as typeof database.handle.db,
          user.id,
          location.id,
          {
            contactId: contact.id,
          },
        );
        await enqueue(tx, 'deliver-review-request', { reviewRequestId: row.id });
        return row;
      });

      await background.drain();

      expect(await notificationsOf(user.id)).toMatchObject([
        {
          kind: 'request_failed',
          title: 'A review request to Nora Quinn was not delivered',
          body: 'Contact has no email address',
          target: `/get-reviews?request=${request.id}`,
        },
      ]);
    });

    it('when notifications are older than 90 days, then the clean-up removes them and keeps the rest', async () => {
      const { user } = await owner();
      // A Monday before 08:00 UTC: the clean-up runs, the weekly digest is not due yet.
      const now = new Date('2026-11-23T07:00:00.000Z');
      await db()
        .insert(notifications)
        .values([
          {
            ownerId: user.id,
            kind: 'review_new',
            title: 'old',
            target: '/reviews',
            createdAt: new Date(now.getTime() - 91 * DAY),
          },
          {
            ownerId: user.id,
            kind: 'review_new',
            title: 'recent',
            target: '/reviews',
            createdAt: new Date(now.getTime() - 89 * DAY),
          },
        ]);

      await background.schedule(now);

      expect((await notificationsOf(user.id)).map((n) => n.title)).toEqual(['recent']);
    });
  });

  describe('instant email alerts', () => {
    it('when a 2-star review arrives with the default settings, then the owner gets an alert; a 5-star one sends none', async () => {
      const { user, location } = await owner('Harbour Deli');

      await submit(location.publicLink, 2, 'Rude staff at the till');
      await submit(location.publicLink, 5, 'Lovely');
      await background.drain();
      await background.drain();

      const mails = mailsTo(user.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('Subject: New 2-star private feedback review for Harbour Deli');
      expect(mails[0]!.text).toContain('Ann Baker left a 2-star review (private feedback) at High Street.');
      expect(mails[0]!.text).toContain('"Rude staff at the till"');
      const [review] = await db()
        .select()
        .from(reviews)
        .where(and(eq(reviews.rating, 2), eq(reviews.ownerId, user.id)));
      expect(mails[0]!.text).toContain(`${BASE}/reviews?review=${review!.id}`);
      expect(mails[0]!.raw).toMatch(
        /List-Unsubscribe:\s*<https:\/\/reviews\.example\.com\/api\/notifications\/unsubscribe\//,
      );
      expect(mails[0]!.raw).toMatch(/Content-Type: text\/plain/);
      expect(mails[0]!.raw).toMatch(/Content-Type: text\/html/);
    });

    it('when the owner chooses every rating, or turns alerts off, then the alerts follow the setting', async () => {
      const { user, location, agent } = await owner();

      const saved = await agent
        .put('/api/notification-settings')
        .send({ instantAlerts: true, alertMaxRating: 5, weeklyDigest: false });
      await submit(location.publicLink, 5, 'Perfect');
      await background.drain();
      await agent
        .put('/api/notification-settings')
        .send({ instantAlerts: false, alertMaxRating: 5, weeklyDigest: false });
      await submit(location.publicLink, 1, 'Terrible');
      await background.drain();

      expect(saved.body).toEqual({ instantAlerts: true, alertMaxRating: 5, weeklyDigest: false });
      expect((await agent.get('/api/notification-settings')).body).toEqual({
        instantAlerts: false,
        alertMaxRating: 5,
        weeklyDigest: false,
      });
      expect(mailsTo(user.email).map((m) => /New (\d)-star/.exec(m.text)?.[1])).toEqual(['5']);
      const bad = await agent
        .put('/api/notification-settings')
        .send({ instantAlerts: true, alertMaxRating: 6, weeklyDigest: true });
      expect(bad.status).toBe(400);
    });

    it('when the alert link is followed and confirmed, then alerts stop; opening it alone changes nothing', async () => {
      const { user, location } = await owner();
      await submit(location.publicLink, 1, 'Bad');
      await background.drain();
      const link = /(https:\/\/reviews\.example\.com\/api\/notifications\/unsubscribe\/[\w.-]+)/.exec(
        mailsTo(user.email)[0]!.text,
      )![1]!;
      const path = new URL(link).pathname;

      const page = await supertest(app).get(path);
      const settingsAfterOpening = await db()
        .select()
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, user.id));
      const confirm = await supertest(app).post(path).set('Accept', 'application/json');
      await submit(location.publicLink, 1, 'Still bad');
      await background.drain();

      expect(page.status).toBe(200);
      expect(page.text).toContain('Turn off new-review alerts?');
      expect(settingsAfterOpening).toEqual([]);
      expect(confirm.status).toBe(200);
      expect(mailsTo(user.email)).toHaveLength(1);
      expect((await supertest(app).post('/api/notifications/unsubscribe/forged')).status).toBe(404);
    });

    it('when the alert job runs twice, then the owner gets one email', async () => {
      const { user, location } = await owner();
      await submit(location.publicLink, 2, 'Meh');
      const [review] = await db().select().from(reviews).where(eq(reviews.ownerId, user.id));
      await background.drain();
      // A crash after sending, before the job was marked done, runs it again.
      await enqueue(db(), 'send-review-alert', { reviewId: review!.id, userId: user.id });
      await background.drain();

      expect(mailsTo(user.email)).toHaveLength(1);
    });
  });

  describe('the weekly digest', () => {
    it("when Monday morning comes, then each owner gets last week's figures once, with best and worst review", async () => {
      const { user, location } = await owner('Corner Cafe');
      const monday = new Date('2026-11-16T00:00:00.000Z');
      const at = (days: number) => new Date(monday.getTime() + days * DAY);
      await createReview(db(), user.id, {
        locationId: location.id,
        rating: 5,
        content: 'Best coffee in town',
        reviewerName: 'Ida',
        createdAt: at(1),
        responseContent: 'Thanks!',
        respondedAt: at(2),
      });
      await createReview(db(), user.id, {
        locationId: location.id,
        rating: 2,
        content: 'Too slow',
        reviewerName: 'Max',
        createdAt: at(3),
      });
      await createReview(db(), user.id, {
        locationId: location.id,
        rating: 4,
        content: 'Nice',
        reviewerName: 'Lea',
        createdAt: at(6),
      });
      // Outside the week: before it, and after it (this Monday).
      await createReview(db(), user.id, { rating: 1, content: 'Old complaint', createdAt: at(-1) });
      await createReview(db(), user.id, { rating: 1, content: 'Too new', createdAt: at(7.1) });

      await background.schedule(new Date('2026-11-23T07:59:00.000Z'));
      await background.drain();
      const beforeEight = mailsTo(user.email).length;
      await background.schedule(new Date('2026-11-23T08:30:00.000Z'));
      await background.schedule(new Date('2026-11-24T10:00:00.000Z'));
      await background.drain();

      expect(beforeEight).toBe(0);
      const digests = mailsTo(user.email).filter((m) => m.text.includes('Your week on ReviewFlow'));
      expect(digests).toHaveLength(1);
      const text = digests[0]!.text;
      expect(text).toContain('Subject: Corner Cafe: 3 new reviews last week');
      expect(text).toContain('Your week on ReviewFlow, Mon 16 Nov to Sun 22 Nov.');
      expect(text).toContain('New reviews: 3');
      expect(text).toContain('Average rating: 3.7');
      expect(text).toContain('Answered: 33%');
      // Unanswered of all time: Max, Lea and the two outside the week.
      expect(text).toContain('Waiting for an answer (all time): 4');
      expect(text).toMatch(/Best review of the week: ★★★★★ Ida \(private feedback\): "Best coffee in town"/);
      expect(text).toMatch(/Lowest-rated review of the week: ★★☆☆☆ Max \(private feedback\): "Too slow"/);
    });

    it('when an account is new (opened during the week, or without a review) and the week brought none, then it gets no "0 new reviews" digest; an older account does', async () => {
      const monday = new Date('2026-11-09T00:00:00.000Z');
      const at = (days: number) => new Date(monday.getTime() + days * DAY);
      const openedOn = async (userId: number, day: Date) =>
        db().update(users).set({ createdAt: day }).where(eq(users.id, userId));
      // Opened on Wednesday, imported its old Google reviews: none of them is new that week.
      const fresh = await owner('Fresh Bakery');
      await openedOn(fresh.user.id, at(2));
      await createReview(db(), fresh.user.id, { type: 'google', rating: 4, createdAt: at(-200) });
      // Opened on Tuesday, with a review that came on Friday: its digest has something to say.
      const busy = await owner('Busy Bakery');
      await openedOn(busy.user.id, at(1));
      await createReview(db(), busy.user.id, { rating: 5, createdAt: at(4) });
      // Opened long before, no review at all yet.
      const empty = await owner('Empty Bakery');
      await openedOn(empty.user.id, at(-60));
      // Opened long before, a quiet week.
      const quiet = await owner('Quiet Bakery');
      await openedOn(quiet.user.id, at(-60));
      await createReview(db(), quiet.user.id, { rating: 4, createdAt: at(-30) });

      await background.schedule(new Date('2026-11-16T08:30:00.000Z'));
      await background.drain();

      const digestsOf = (email: string) =>
        mailsTo(email).filter((m) => m.text.includes('Your week on ReviewFlow'));
      expect(digestsOf(fresh.user.email)).toHaveLength(0);
      expect(digestsOf(empty.user.email)).toHaveLength(0);
      expect(digestsOf(busy.user.email)).toHaveLength(1);
      expect(digestsOf(busy.user.email)[0]!.text).toContain('New reviews: 1');
      expect(digestsOf(quiet.user.email)).toHaveLength(1);
      expect(digestsOf(quiet.user.email)[0]!.text).toContain('New reviews: 0');
    });
  });
});
