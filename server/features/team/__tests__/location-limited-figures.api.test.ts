import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Insights } from '@shared/schemas/insights';
import type { Notification } from '@shared/schemas/notifications';
import type { Database } from '../../../db/client';
import {
  createLocation,
  createMember,
  createReview,
  createReviewRequest,
  createUser,
  signedInAgent,
} from '../../../testing/factories';
import { createTestApp } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { recordNotifications } from '../../notifications/notifications.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Issue 16: a member limited to some locations learns nothing about the other locations' reviews and
 * requests from the dashboard, the insights or the bell, while the owner keeps seeing everything.
 */
describe.each(testDatabaseKinds)('figures of a location-limited member on %s', (kind) => {
  let database: TestDatabase;
  let app: Express;
  const now = Date.now();
  const daysAgo = (days: number) => new Date(now - days * DAY_MS);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = createTestApp(database.handle.db);
  }, 180_000);
  afterAll(async () => {
    await database?.drop();
  });

  const db = () => database.handle.db;

  /** What happened at the High Street shop: written for the business and, alone, for a twin business. */
  async function seedHighStreet(database: Database, ownerId: number, locationId: number) {
    const praise = await createReview(database, ownerId, {
      locationId,
      rating: 5,
      content: 'Wonderful croissants',
      createdAt: daysAgo(3),
      responseContent: 'Thank you!',
      respondedAt: daysAgo(2),
    });
    const complaint = await createReview(database, ownerId, {
      locationId,
      rating: 2,
      content: 'Cold coffee, cold coffee',
      createdAt: daysAgo(10),
    });
    await createReview(database, ownerId, { locationId, rating: 4, createdAt: daysAgo(45) });
    const request = await createReviewRequest(database, ownerId, locationId, {
      createdAt: daysAgo(2),
      sentAt: daysAgo(2),
    });
    return { praise, complaint, request };
  }

  /** A business with High Street and Market Square, and the same High Street data alone in a twin. */
  async function seedBusiness() {
    const owner = await createUser(db());
    const high = await createLocation(db(), owner.id, { name: 'High Street' });
    const market = await createLocation(db(), owner.id, { name: 'Market Square' });
    const atHigh = await seedHighStreet(db(), owner.id, high.id);
    const rude = await createReview(db(), owner.id, {
      locationId: market.id,
      type: 'google',
      rating: 1,
      content: 'Rude rude staff',
      createdAt: daysAgo(5),
    });
    await createReview(db(), owner.id, { locationId: market.id, rating: 5, createdAt: daysAgo(80) });
    // A review whose location was deleted belongs to no location a member could be limited to.
    await createReview(db(), owner.id, { locationId: null, rating: 3, createdAt: daysAgo(1) });
    const marketRequest = await createReviewRequest(db(), owner.id, market.id, {
      createdAt: daysAgo(1),
      sentAt: daysAgo(1),
    });
    await createReviewRequest(db(), owner.id, market.id, { createdAt: daysAgo(40), sentAt: daysAgo(40) });

    const twin = await createUser(db());
    const twinHigh = await createLocation(db(), twin.id, { name: 'High Street' });
    await seedHighStreet(db(), twin.id, twinHigh.id);

    const { user: manager } = await createMember(db(), owner.id, {
      role: 'manager',
      locationIds: [high.id],
    });
    return { owner, high, market, atHigh, rude, marketRequest, twin, manager };
  }

  it('when a manager is limited to one location, then the dashboard stats and charts are those of that location alone', async () => {
    const { owner, twin, manager } = await seedBusiness();
    const managerAgent = await signedInAgent(app, manager);
    const ownerAgent = await signedInAgent(app, owner);
    const twinAgent = await signedInAgent(app, twin);

    const stats = await managerAgent.get('/api/dashboard/stats');
    const charts = await managerAgent.get('/api/dashboard/charts');

    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({ totalReviews: 3, reviewRequests: 1, pendingResponses: 2 });
    // Every figure, trend and chart bar equals a business that only has High Street (its rollups).
    expect(stats.body).toEqual((await twinAgent.get('/api/dashboard/stats')).body);
    expect(charts.status).toBe(200);
    expect(charts.body).toEqual((await twinAgent.get('/api/dashboard/charts')).body);
    expect(charts.body.distribution[0]).toEqual({ rating: 1, count: 0 });
    // The owner still counts every location (and the review of a deleted one).
    const ownerStats = await ownerAgent.get('/api/dashboard/stats');
    expect(ownerStats.body).toMatchObject({ totalReviews: 6, reviewRequests: 3 });
    const ownerCharts = await ownerAgent.get('/api/dashboard/charts');
    expect(ownerCharts.body.distribution[0]).toEqual({ rating: 1, count: 1 });
  });

  it('when a manager is limited to one location, then the insights hold only its reviews, words and waiting reviews', async () => {
    const { owner, high, market, atHigh, rude, manager } = await seedBusiness();
    const managerAgent = await signedInAgent(app, manager);

    const res = await managerAgent.get('/api/insights');

    expect(res.status).toBe(200);
    const insights = res.body as Insights;
    expect(insights.byLocation.map((row) => [row.locationName, row.total])).toEqual([['High Street', 3]]);
    expect(insights.bySource.map((row) => [row.type, row.total])).toEqual([['private', 3]]);
    const words = [...insights.words.positive, ...insights.words.negative].map((w) => w.word);
    expect(words).toContain('coffee');
    expect(words).not.toContain('rude');
    expect(insights.waiting.map((review) => review.id)).not.toContain(rude.id);
    expect(insights.waiting.map((review) => review.id)).toContain(atHigh.complaint.id);
    const ownerInsights = (await (await signedInAgent(app, owner)).get('/api/insights')).body as Insights;
    expect(ownerInsights.byLocation.map((row) => row.locationId).sort()).toEqual(
      [high.id, market.id, null].sort(),
    );
    expect(ownerInsights.waiting.map((review) => review.id)).toContain(rude.id);
  });

  it('when a manager is limited to one location, then the bell lists and counts only its reviews and requests', async () => {
    const { owner, atHigh, rude, marketRequest, manager } = await seedBusiness();
    const note = (title: string, ids: { reviewId?: number; reviewRequestId?: number }) => ({
      ownerId: owner.id,
      kind: 'review_new' as const,
      title,
      target: '/reviews',
      ...ids,
    });
    await recordNotifications(db(), [
      note('High Street review', { reviewId: atHigh.praise.id }),
      note('Market Square review', { reviewId: rude.id }),
      note('High Street request', { reviewRequestId: atHigh.request.id }),
      note('Market Square request', { reviewRequestId: marketRequest.id }),
      { ownerId: owner.id, kind: 'integration_reconnect', title: 'Reconnect Google', target: '/settings' },
    ]);
    const managerAgent = await signedInAgent(app, manager);
    const ownerAgent = await signedInAgent(app, owner);

    const list = await managerAgent.get('/api/notifications');
    const unreadOnly = await managerAgent.get('/api/notifications?unread=true');
    const count = await managerAgent.get('/api/notifications/unread-count');

    const titles = (body: Notification[]) => body.map((n) => n.title).sort();
    expect(titles(list.body)).toEqual(['High Street request', 'High Street review']);
    expect(list.headers['x-total-count']).toBe('2');
    expect(titles(unreadOnly.body)).toEqual(['High Street request', 'High Street review']);
    expect(count.body).toEqual({ unread: 2 });
    const ownerList = (await ownerAgent.get('/api/notifications')).body as Notification[];
    expect(ownerList).toHaveLength(5);
    // Another location's notification cannot be marked either, and read-all counts only theirs.
    const market = ownerList.find((n) => n.title === 'Market Square review')!;
    expect((await managerAgent.post(`/api/notifications/${market.id}/read`)).status).toBe(404);
    expect((await managerAgent.post('/api/notifications/read-all')).body).toEqual({ updated: 2 });
    expect((await managerAgent.get('/api/notifications/unread-count')).body).toEqual({ unread: 0 });
    expect((await ownerAgent.get('/api/notifications/unread-count')).body).toEqual({ unread: 5 });
  });
});
