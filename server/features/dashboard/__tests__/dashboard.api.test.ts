import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { createTestApp } from '../../../testing/test-app';
import {
  createLocation,
  createReview,
  createReviewRequest,
  createUser,
  signedInAgent,
} from '../../../testing/factories';
import { DashboardChartsSchema, DashboardStatsSchema } from '@shared/schemas/dashboard';

const DAY = 86_400_000;

const emptyWindow = {
  reviews: 0,
  positiveReviews: 0,
  pendingResponses: 0,
  averageRating: 0,
  responseRate: 0,
  avgResponseTimeDays: null,
  requestsSent: 0,
  requestsNotSent: 0,
};

describe.each(testDatabaseKinds)('dashboard API on %s', (kind) => {
  let database: TestDatabase;
  const now = Date.now();
  const daysAgo = (days: number) => new Date(now - days * DAY);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  const app = () => createTestApp(database.handle.db);

  /**
   * A known data set. Last 30 days: 5★ answered after 2 days, 4★ open, 2★ answered after 1 day, 3★ open.
   * The 30 days before: 5★ answered within the window, 3★ answered 20 days later (inside the last 30 days),
   * 4★ open. Older: 1★ open, 4★ with a blank response (not responded).
   */
  async function seedKnownClient() {
    const user = await createUser(database.handle.db);
    const db = database.handle.db;
    const id = user.id;
    const review = (rating: number, created: number, responded?: number, response = 'Thank you') =>
      createReview(db, id, {
        rating,
        createdAt: daysAgo(created),
        responseContent: responded === undefined ? null : response,
        respondedAt: responded === undefined ? null : daysAgo(responded),
      });
    await review(5, 10, 8);
    await review(4, 5);
    await review(2, 3, 2);
    await review(3, 20);
    await review(5, 40, 39);
    await review(3, 45, 25);
    await review(4, 50);
    await review(1, 100);
    await review(4, 70, 69, '   ');

    const location = await createLocation(db, id);
    await createReviewRequest(db, id, location.id, { createdAt: daysAgo(5), sentAt: daysAgo(5) });
    await createReviewRequest(db, id, location.id, { createdAt: daysAgo(10), sentAt: null });
    await createReviewRequest(db, id, location.id, { createdAt: daysAgo(3), sentAt: daysAgo(3) });
    await createReviewRequest(db, id, location.id, { createdAt: daysAgo(40), sentAt: daysAgo(40) });
    return user;
  }

  describe('GET /api/dashboard/stats', () => {
    it('when a client has known reviews and requests, then every figure and trend is exact', async () => {
      const user = await seedKnownClient();
      // Another client's rows must never be counted.
      const other = await createUser(database.handle.db);
      await createReview(database.handle.db, other.id, { rating: 1, createdAt: daysAgo(2) });
      const otherLocation = await createLocation(database.handle.db, other.id);
      await createReviewRequest(database.handle.db, other.id, otherLocation.id, { sentAt: daysAgo(1) });

      const res = await (await signedInAgent(app(), user)).get('/api/dashboard/stats');

      expect(res.status).toBe(200);
      expect(DashboardStatsSchema.parse(res.body)).toEqual({
        totalReviews: 9,
        positiveReviews: 5,
        reviewRequests: 4,
        pendingResponses: 5,
        // 31 / 9 = 3.44
        averageRating: 3.4,
        // 4 of 9 = 44.4%
        responseRate: 44,
        trends: {
          // 4 against 3: a base under 5 gives no percentage
          totalReviews: 'new',
          // 2 against 2
          positiveReviews: '0%',
          // 3 against 1
          reviewRequests: 'new',
          // 2 against 1
          pendingResponses: 'new',
          // the rates of 3 earlier reviews are no base either
          averageRating: 'new',
          responseRate: 'new',
          // 2 sent against 1
          requestsSent: 'new',
          // one reply the 30 days before
          avgResponseTime: 'new',
        },
        period: 30,
        recent: {
          reviews: 4,
          positiveReviews: 2,
          pendingResponses: 2,
          averageRating: 3.5,
          responseRate: 50,
          // responses given in the last 30 days took 2, 1 and 20 days
          avgResponseTimeDays: 7.7,
          requestsSent: 2,
          requestsNotSent: 0,
        },
        previous: {
          reviews: 3,
          positiveReviews: 2,
          pendingResponses: 1,
          averageRating: 4,
          // 2 of 3
          responseRate: 67,
          // the one reply written 30 to 60 days ago took 1 day
          avgResponseTimeDays: 1,
          requestsSent: 1,
          requestsNotSent: 0,
        },
      });
    });

    it('when the owner picks the last 7 days, then the period and its comparison cover 7 days and the all-time figures stay', async () => {
      const user = await seedKnownClient();

      const res = await (await signedInAgent(app(), user)).get('/api/dashboard/stats?period=7');

      expect(res.status).toBe(200);
      const stats = DashboardStatsSchema.parse(res.body);
      expect(stats).toMatchObject({ totalReviews: 9, positiveReviews: 5, reviewRequests: 4, period: 7 });
      // The last 7 days: 4★ open, 2★ answered after 1 day; two requests sent.
      expect(stats.recent).toEqual({
        reviews: 2,
        positiveReviews: 1,
        pendingResponses: 1,
        averageRating: 3,
        responseRate: 50,
        avgResponseTimeDays: 1,
        requestsSent: 2,
        requestsNotSent: 0,
      });
      // The 7 days before: 5★ answered after 2 days; the request of 10 days ago was never sent.
      expect(stats.previous).toEqual({
        reviews: 1,
        positiveReviews: 1,
        pendingResponses: 0,
        averageRating: 5,
        responseRate: 100,
        avgResponseTimeDays: 2,
        requestsSent: 0,
        requestsNotSent: 0,
      });
      expect(stats.trends).toMatchObject({ totalReviews: 'new', positiveReviews: '0%', requestsSent: 'new' });

      const quarter = await (await signedInAgent(app(), user)).get('/api/dashboard/stats?period=90');
      // Every review but the 1★ of 100 days ago.
      expect(quarter.body).toMatchObject({ period: 90, recent: { reviews: 8 }, previous: { reviews: 1 } });
    });

    it.each(['14', 'week', '', '7.5'])(
      'when the period is %j, then the answer is 400 with the periods there are',
      async (period) => {
        const user = await createUser(database.handle.db);

        const res = await (await signedInAgent(app(), user)).get(`/api/dashboard/stats?period=${period}`);

        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({
          code: 'validation_failed',
          message: 'Period must be 7, 30 or 90 days.',
        });
      },
    );

    it('when replies were faster than the period before, then Avg. Response Time falls by the right share', async () => {
      const db = database.handle.db;
      const user = await createUser(db);
      // The 30 days before: five replies, each 2 days after its review. The last 30 days: two, each after 1 day.
      for (let i = 0; i < 5; i += 1) {
        await createReview(db, user.id, {
          createdAt: daysAgo(45 + i),
          responseContent: 'Thanks',
          respondedAt: daysAgo(43 + i),
        });
      }
      for (let i = 0; i < 2; i += 1) {
        await createReview(db, user.id, {
          createdAt: daysAgo(5 + i),
          responseContent: 'Thanks',
          respondedAt: daysAgo(4 + i),
        });
      }

      const res = await (await signedInAgent(app(), user)).get('/api/dashboard/stats');

      expect(res.body.recent.avgResponseTimeDays).toBe(1);
      expect(res.body.previous.avgResponseTimeDays).toBe(2);
      expect(res.body.trends.avgResponseTime).toBe('-50%');
    });

    it('when messages were kept in the outbox or links handed out, then they are not counted as sent', async () => {
      const db = database.handle.db;
      const user = await createUser(db);
      const location = await createLocation(db, user.id);
      await createReviewRequest(db, user.id, location.id, { status: 'sent', sentAt: daysAgo(2) });
      await createReviewRequest(db, user.id, location.id, { status: 'outbox', sentAt: daysAgo(2) });
      await createReviewRequest(db, user.id, location.id, { status: 'outbox', sentAt: daysAgo(4) });
      await createReviewRequest(db, user.id, location.id, {
        method: 'link',
        status: 'sent',
        sentAt: daysAgo(1),
      });

      const res = await (await signedInAgent(app(), user)).get('/api/dashboard/stats');

      expect(res.body.recent).toMatchObject({ requestsSent: 1, requestsNotSent: 2 });
    });

    it('when a client has no data, then every figure is zero and no response time is shown', async () => {
      const user = await createUser(database.handle.db);

      const res = await (await signedInAgent(app(), user)).get('/api/dashboard/stats');

      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        totalReviews: 0,
        positiveReviews: 0,
        reviewRequests: 0,
        pendingResponses: 0,
        averageRating: 0,
        responseRate: 0,
        trends: {
          totalReviews: '0%',
          positiveReviews: '0%',
          reviewRequests: '0%',
          pendingResponses: '0%',
          averageRating: '0%',
          responseRate: '0%',
          requestsSent: '0%',
          avgResponseTime: '0%',
        },
        period: 30,
        recent: emptyWindow,
        previous: emptyWindow,
      });
    });

    it('when the earlier window holds 5 or more, then every trend is a percentage of it', async () => {
      const db = database.handle.db;
      const user = await createUser(db);
      // The 30 days before: five 4★, two of them answered. The last 30 days: six 5★, three answered.
      for (let i = 0; i < 5; i += 1) {
        await createReview(db, user.id, {
          rating: 4,
          createdAt: daysAgo(40 + i),
          responseContent: i < 2 ? 'Thanks' : null,
          respondedAt: i < 2 ? daysAgo(39 + i) : null,
        });
      }
      for (let i = 0; i < 6; i += 1) {
        await createReview(db, user.id, {
          rating: 5,
          createdAt: daysAgo(2 + i),
          responseContent: i < 3 ? 'Thanks' : null,
          respondedAt: i < 3 ? daysAgo(1 + i) : null,
        });
      }

      const res = await (await signedInAgent(app(), user)).get('/api/dashboard/stats');

      expect(res.body.trends).toEqual({
        totalReviews: '+20%',
        positiveReviews: '+20%',
        reviewRequests: '0%',
        // 3 against 3
        pendingResponses: '0%',
        // 5.0 against 4.0
        averageRating: '+25%',
        // 50% against 40%
        responseRate: '+25%',
        requestsSent: '0%',
        // two replies the 30 days before are no base
        avgResponseTime: 'new',
      });
    });

    it('when a Google import brings an old backlog, then Avg. Response Time counts only replies written here in the last 30 days to reviews that arrived on time', async () => {
      const db = database.handle.db;
      const user = await createUser(db);
      const imported = daysAgo(3);
      const google = (created: number, responded: number | null, receivedAt = imported) =>
        createReview(db, user.id, {
          type: 'google',
          rating: 4,
          createdAt: daysAgo(created),
          receivedAt,
          responseContent: responded === null ? null : 'Thank you',
          respondedAt: responded === null ? null : daysAgo(responded),
        });
      // The backlog: written years ago, imported 3 days ago, one answered here since, one with the site's reply.
      await google(1100, 1);
      await google(800, 799);
      // Written 5 days ago, imported 3 days ago with the reply already on Google (written before it arrived).
      await google(5, 4);
      // Synced as it came: written 6 days ago, arrived 6 days ago, answered here 2 days later.
      await google(6, 4, daysAgo(6));
      // Written here 10 days ago, answered 1 day later; and one answered 35 days ago (outside the window).
      await createReview(db, user.id, {
        createdAt: daysAgo(10),
        responseContent: 'Thanks',
        respondedAt: daysAgo(9),
      });
      await createReview(db, user.id, {
        createdAt: daysAgo(40),
        responseContent: 'Thanks',
        respondedAt: daysAgo(35),
      });

      const res = await (await signedInAgent(app(), user)).get('/api/dashboard/stats');

      // (2 + 1) / 2: the two replies written here, within the window, to reviews that arrived on time.
      expect(res.body.recent.avgResponseTimeDays).toBe(1.5);
    });

    it('when the only replies of the window answer an imported backlog, then no response time is shown', async () => {
      const db = database.handle.db;
      const user = await createUser(db);
      await createReview(db, user.id, {
        type: 'google',
        createdAt: daysAgo(1050),
        receivedAt: daysAgo(2),
        responseContent: 'Sorry for the wait',
        respondedAt: daysAgo(1),
      });

      const res = await (await signedInAgent(app(), user)).get('/api/dashboard/stats');

      expect(res.body.recent.avgResponseTimeDays).toBeNull();
    });

    it('when Facebook recommendations without stars are imported, then they count as reviews but in no average rating or distribution', async () => {
      const db = database.handle.db;
      const user = await createUser(db);
      await createReview(db, user.id, { rating: 4, createdAt: daysAgo(2) });
      await createReview(db, user.id, { rating: 2, createdAt: daysAgo(3) });
      // Their ratings are stand-ins (5 and 1): counted, they would read 3.0 either way, or drag it anywhere.
      await createReview(db, user.id, {
        type: 'facebook',
        rating: 1,
        recommendation: 'negative',
        createdAt: daysAgo(1),
      });
      await createReview(db, user.id, {
        type: 'facebook',
        rating: 1,
        recommendation: 'negative',
        createdAt: daysAgo(4),
      });
      await createReview(db, user.id, {
        type: 'facebook',
        rating: 5,
        recommendation: 'positive',
        createdAt: daysAgo(1),
      });
      const agent = await signedInAgent(app(), user);

      const stats = (await agent.get('/api/dashboard/stats')).body;
      const charts = (await agent.get('/api/dashboard/charts')).body;

      expect(stats).toMatchObject({ totalReviews: 5, averageRating: 3 });
      expect(stats.recent).toMatchObject({ reviews: 5, averageRating: 3 });
      expect(charts.distribution.map((d: { count: number }) => d.count)).toEqual([0, 1, 0, 1, 0]);
      const weeks = (charts.weekly as { reviews: number; averageRating: number | null }[]).filter(
        (w) => w.reviews,
      );
      expect(weeks.reduce((sum, week) => sum + week.reviews, 0)).toBe(5);
      for (const week of weeks) expect([2, 3, 4, null]).toContain(week.averageRating);
    });

    it('when a figure starts from nothing, then it reads new; when it falls to nothing, -100%', async () => {
      const user = await createUser(database.handle.db);
      const db = database.handle.db;
      await createReview(db, user.id, { rating: 4, createdAt: daysAgo(1) });
      await createReview(db, user.id, { rating: 2, createdAt: daysAgo(35) });
      const location = await createLocation(db, user.id);
      await createReviewRequest(db, user.id, location.id, { createdAt: daysAgo(35) });

      const res = await (await signedInAgent(app(), user)).get('/api/dashboard/stats');

      expect(res.body.trends).toMatchObject({
        totalReviews: '0%',
        positiveReviews: 'new',
        pendingResponses: '0%',
        reviewRequests: '-100%',
        // 4.0 against 2.0, but one review before is no base
        averageRating: 'new',
      });
      expect(res.body.averageRating).toBe(3);
    });

    it('when an admin opens a client area, then the stats are that client’s', async () => {
      const user = await seedKnownClient();
      const adminUser = await createUser(database.handle.db, { role: 'admin' });
      const admin = await signedInAgent(app(), adminUser);

      const res = await admin.get(`/api/admin/clients/${user.id}/dashboard/stats`);

      expect(res.status).toBe(200);
      expect(res.body.totalReviews).toBe(9);
    });

    it('when nobody is signed in, then it answers 401', async () => {
      const res = await (await import('supertest')).default(app()).get('/api/dashboard/stats');
      expect(res.status).toBe(401);
    });
  });

  describe('GET /api/dashboard/charts', () => {
    /** Monday 00:00 UTC of a date's week, as the API names it. */
    const mondayOf = (date: Date) => {
      const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
      day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
      return day.toISOString().slice(0, 10);
    };

    it('when a client has reviews in a few weeks, then it answers 13 weeks with the empty ones as zero', async () => {
      const user = await createUser(database.handle.db);
      const db = database.handle.db;
      const recent = daysAgo(0);
      const older = daysAgo(21);
      await createReview(db, user.id, { rating: 5, createdAt: recent });
      await createReview(db, user.id, { rating: 2, createdAt: recent });
      await createReview(db, user.id, { rating: 4, createdAt: older });
      // Outside the 13 weeks: counted in the distribution only.
      await createReview(db, user.id, { rating: 1, createdAt: daysAgo(120) });
      const other = await createUser(database.handle.db);
      await createReview(db, other.id, { rating: 3, createdAt: recent });

      const res = await (await signedInAgent(app(), user)).get('/api/dashboard/charts');

      expect(res.status).toBe(200);
      const charts = DashboardChartsSchema.parse(res.body);
      expect(charts.weekly).toHaveLength(13);
      const thisWeek = mondayOf(new Date());
      expect(charts.weekly.at(-1)!.weekStart).toBe(thisWeek);
      for (let i = 1; i < charts.weekly.length; i++) {
        const gap = Date.parse(charts.weekly[i]!.weekStart) - Date.parse(charts.weekly[i - 1]!.weekStart);
        expect(gap).toBe(7 * DAY);
      }
      const byWeek = new Map(charts.weekly.map((week) => [week.weekStart, week]));
      expect(byWeek.get(mondayOf(recent))).toEqual({
        weekStart: mondayOf(recent),
        reviews: 2,
        averageRating: 3.5,
      });
      expect(byWeek.get(mondayOf(older))).toEqual({
        weekStart: mondayOf(older),
        reviews: 1,
        averageRating: 4,
      });
      const empty = charts.weekly.filter((week) => week.reviews === 0);
      expect(empty).toHaveLength(11);
      expect(empty.every((week) => week.averageRating === null)).toBe(true);
      expect(charts.distribution).toEqual([
        { rating: 1, count: 1 },
        { rating: 2, count: 1 },
        { rating: 3, count: 0 },
        { rating: 4, count: 1 },
        { rating: 5, count: 1 },
      ]);
    });

    it('when a client has no review, then every week and rating count is zero', async () => {
      const user = await createUser(database.handle.db);

      const res = await (await signedInAgent(app(), user)).get('/api/dashboard/charts');

      expect(res.body.weekly).toHaveLength(13);
      expect(res.body.weekly.every((w: { reviews: number }) => w.reviews === 0)).toBe(true);
      expect(res.body.distribution.map((d: { count: number }) => d.count)).toEqual([0, 0, 0, 0, 0]);
    });
  });
});
