import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createReview, createUser, signedInAgent } from '../testing/factories';
import { createTestApp } from '../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing/test-db';

describe.each(testDatabaseKinds)('compressed answers on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('when a browser accepts gzip, then a page of reviews comes gzipped; a tiny answer is left as it is', async () => {
    const db = database.handle.db;
    const user = await createUser(db);
    const location = await createLocation(db, user.id);
    for (let i = 0; i < 10; i += 1)
      await createReview(db, user.id, {
        locationId: location.id,
        content: `A long and happy review number ${i}. `.repeat(8),
      });
    const agent = await signedInAgent(createTestApp(db), user);

    const page = await agent.get('/api/reviews?page=1&pageSize=10').set('Accept-Encoding', 'gzip');
    const tiny = await agent.get('/api/notifications/unread-count').set('Accept-Encoding', 'gzip');
    const refused = await agent.get('/api/reviews?page=1&pageSize=10').set('Accept-Encoding', 'identity');

    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.body).toHaveLength(10);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(refused.headers['content-encoding']).toBeUndefined();
  });
});
