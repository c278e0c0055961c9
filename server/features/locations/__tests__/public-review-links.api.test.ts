import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createUser, signedInAgent } from '../../../testing/factories';
import { createTestApp } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';

/**
 * Issue 41, point 1: each location answer says which public links its customers will be offered (typed by
 * hand, else given by the connection), so the screens can warn before sending when it has none.
 */
describe.each(testDatabaseKinds)('the public review links of a location on %s', (kind) => {
  let database: TestDatabase;
  let app: Express;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = createTestApp(database.handle.db);
  });
  afterAll(async () => {
    await database?.drop();
  });

  const db = () => database.handle.db;

  it('when locations are typed, connected or neither, then each answer gives the links its customers are offered', async () => {
    const user = await createUser(db());
    const agent = await signedInAgent(app, user);
    const typed = await createLocation(db(), user.id, {
      name: 'A typed',
      googleReviewUrl: 'https://search.google.com/local/writereview?placeid=typed',
      facebookPageUrl: 'https://www.facebook.com/typed',
      googleConnectedReviewUrl: 'https://g.page/r/connected/review',
      facebookConnectedReviewUrl: 'https://www.facebook.com/connected/reviews',
    });
    const connected = await createLocation(db(), user.id, {
      name: 'B connected',
      googleReviewUrl: null,
      facebookPageUrl: null,
      googleConnectedReviewUrl: 'https://g.page/r/connected/review',
    });
    const bare = await createLocation(db(), user.id, {
      name: 'C bare',
      googleReviewUrl: null,
      facebookPageUrl: null,
    });

    const list = await agent.get('/api/locations').expect(200);
    const one = await agent.get(`/api/locations/${connected.id}`).expect(200);

    expect(
      list.body.map((l: { id: number; publicReviewLinks: unknown }) => [l.id, l.publicReviewLinks]),
    ).toEqual([
      [
        typed.id,
        {
          google: 'https://search.google.com/local/writereview?placeid=typed',
          facebook: 'https://www.facebook.com/typed',
        },
      ],
      [connected.id, { google: 'https://g.page/r/connected/review', facebook: null }],
      [bare.id, { google: null, facebook: null }],
    ]);
    expect(one.body).toMatchObject({
      googleReviewUrl: null,
      publicReviewLinks: { google: 'https://g.page/r/connected/review', facebook: null },
    });
  });

  it('when the owner types a link on a connected location, then the answer offers the typed one; cleared, the connected one again', async () => {
    const user = await createUser(db());
    const agent = await signedInAgent(app, user);
    const location = await createLocation(db(), user.id, {
      googleReviewUrl: null,
      facebookPageUrl: null,
      facebookConnectedReviewUrl: 'https://www.facebook.com/connected/reviews',
    });

    const typed = await agent
      .patch(`/api/locations/${location.id}`)
      .send({ facebookPageUrl: 'https://www.facebook.com/mine' })
      .expect(200);
    const cleared = await agent
      .patch(`/api/locations/${location.id}`)
      .send({ facebookPageUrl: '' })
      .expect(200);

    expect(typed.body.publicReviewLinks).toEqual({ google: null, facebook: 'https://www.facebook.com/mine' });
    expect(cleared.body.publicReviewLinks).toEqual({
      google: null,
      facebook: 'https://www.facebook.com/connected/reviews',
    });
  });
});
