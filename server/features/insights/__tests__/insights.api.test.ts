import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { createTestApp } from '../../../testing/test-app';
import { createLocation, createReview, createUser, signedInAgent } from '../../../testing/factories';
import type { Insights } from '@shared/schemas/insights';

const DAY = 86_400_000;

describe.each(testDatabaseKinds)('insights API on %s', (kind) => {
  let database: TestDatabase;
  const now = Date.now();
  const daysAgo = (days: number) => new Date(now - days * DAY - 60_000);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  const app = () => createTestApp(database.handle.db);

  async function insightsOf(user: { email: string; password: string }): Promise<Insights> {
    const res = await (await signedInAgent(app(), user)).get('/api/insights');
    expect(res.status).toBe(200);
    return res.body as Insights;
  }

  it('when reviews speak, then the top words of each band skip stop words and short words', async () => {
    const user = await createUser(database.handle.db);
    const db = database.handle.db;
    const say = (rating: number, content: string) =>
      createReview(db, user.id, { rating, content, responseContent: 'Thanks', respondedAt: new Date() });
    await say(5, 'Friendly staff and great coffee!');
    await say(4, 'GREAT coffee, friendly barista. Great!');
    await say(5, 'The staff were great');
    await say(2, 'Cold coffee and rude staff');
    await say(1, "Rude waiter, slow service. We didn't go back");
    const other = await createUser(database.handle.db);
    await createReview(db, other.id, { rating: 5, content: 'Tremendous tremendous pastries' });

    const { words } = await insightsOf(user);

    // Counted once per review that mentions the word.
    expect(words.positive).toEqual([
      { word: 'great', count: 3 },
      { word: 'coffee', count: 2 },
      { word: 'friendly', count: 2 },
      { word: 'staff', count: 2 },
      { word: 'barista', count: 1 },
    ]);
    expect(words.negative).toEqual([
      { word: 'rude', count: 2 },
      { word: 'back', count: 1 },
      { word: 'coffee', count: 1 },
      { word: 'cold', count: 1 },
      { word: 'service', count: 1 },
      { word: 'slow', count: 1 },
      { word: 'staff', count: 1 },
      { word: 'waiter', count: 1 },
    ]);
  });

  it('when many reviews wait, then the ten oldest unanswered ones come first with their days waiting', async () => {
    const user = await createUser(database.handle.db);
    const db = database.handle.db;
    const location = await createLocation(db, user.id, { name: 'Harbour Road' });
    for (let days = 1; days <= 12; days++) {
      await createReview(db, user.id, {
        rating: 2,
        reviewerName: `Waiting ${days}`,
        createdAt: daysAgo(days),
        locationId: location.id,
      });
    }
    // Answered, blank-answered and another client's older reviews.
    await createReview(db, user.id, {
      createdAt: daysAgo(40),
      responseContent: 'Thank you',
      respondedAt: daysAgo(39),
    });
    await createReview(db, user.id, {
      reviewerName: 'Blank answer',
      createdAt: daysAgo(30),
      responseContent: ' ',
    });
    const other = await createUser(database.handle.db);
    await createReview(db, other.id, { createdAt: daysAgo(90) });

    const { waiting } = await insightsOf(user);

    expect(waiting.map((review) => [review.reviewerName, review.daysWaiting])).toEqual([
      ['Blank answer', 30],
      ['Waiting 12', 12],
      ['Waiting 11', 11],
      ['Waiting 10', 10],
      ['Waiting 9', 9],
      ['Waiting 8', 8],
      ['Waiting 7', 7],
      ['Waiting 6', 6],
      ['Waiting 5', 5],
      ['Waiting 4', 4],
    ]);
    expect(waiting[1]).toMatchObject({ locationName: 'Harbour Road', rating: 2, type: 'private' });
    expect(typeof waiting[1]!.createdAt).toBe('string');
  });

  it('when reviews come from several sources and locations, then each has its rating counts', async () => {
    const user = await createUser(database.handle.db);
    const db = database.handle.db;
    const north = await createLocation(db, user.id, { name: 'North' });
    const south = await createLocation(db, user.id, { name: 'South' });
    await createReview(db, user.id, { type: 'google', rating: 5, locationId: north.id });
    await createReview(db, user.id, { type: 'google', rating: 4, locationId: north.id });
    await createReview(db, user.id, { type: 'google', rating: 1, locationId: south.id });
    await createReview(db, user.id, { type: 'facebook', rating: 3, locationId: south.id });
    await createReview(db, user.id, { type: 'private', rating: 2 });
    // An unknown source reads as private.
    await createReview(db, user.id, { type: 'yelp' as never, rating: 4 });
    const other = await createUser(database.handle.db);
    await createReview(db, other.id, { type: 'video', rating: 5 });

    const { bySource, byLocation } = await insightsOf(user);

    expect(bySource).toEqual([
      { type: 'facebook', total: 1, averageRating: 3, counts: [0, 0, 1, 0, 0] },
      { type: 'google', total: 3, averageRating: 3.3, counts: [1, 0, 0, 1, 1] },
      { type: 'private', total: 2, averageRating: 3, counts: [0, 1, 0, 1, 0] },
    ]);
    expect(byLocation).toEqual([
      { locationId: north.id, locationName: 'North', total: 2, averageRating: 4.5, counts: [0, 0, 0, 1, 1] },
      { locationId: south.id, locationName: 'South', total: 2, averageRating: 2, counts: [1, 0, 1, 0, 0] },
      { locationId: null, locationName: null, total: 2, averageRating: 3, counts: [0, 1, 0, 1, 0] },
    ]);
  });

  it('when Facebook recommendations without stars are counted, then they are reviews of their source but in no average or rating count', async () => {
    const user = await createUser(database.handle.db);
    const db = database.handle.db;
    await createReview(db, user.id, { type: 'facebook', rating: 4 });
    await createReview(db, user.id, { type: 'facebook', rating: 1, recommendation: 'negative' });
    await createReview(db, user.id, { type: 'facebook', rating: 5, recommendation: 'positive' });

    const { bySource } = await insightsOf(user);

    expect(bySource).toEqual([{ type: 'facebook', total: 3, averageRating: 4, counts: [0, 0, 0, 1, 0] }]);
  });

  it('when a client has no review, then every list is empty', async () => {
    const user = await createUser(database.handle.db);

    expect(await insightsOf(user)).toEqual({
      bySource: [],
      byLocation: [],
      words: { positive: [], negative: [] },
      waiting: [],
    });
  });
});
