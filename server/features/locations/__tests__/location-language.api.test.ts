import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { createTestApp } from '../../../testing/test-app';
import { createUser, signedInAgent } from '../../../testing/factories';

/** Issue 45: a location's default language, for its customers whose contact names none. */
describe.each(testDatabaseKinds)('location default language on %s', (kind) => {
  let database: TestDatabase;
  let app: Express;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = createTestApp(database.handle.db);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('when a location is saved with a default language, then it is kept and can be cleared; an unknown one is 400', async () => {
    const agent = await signedInAgent(app, await createUser(database.handle.db));

    const created = await agent.post('/api/locations').send({ name: 'Rambla', defaultLanguage: 'es' });
    expect(created.status).toBe(201);
    expect(created.body.defaultLanguage).toBe('es');

    const none = await agent.post('/api/locations').send({ name: 'Quay' });
    expect(none.body.defaultLanguage).toBeNull();

    const cleared = await agent.patch(`/api/locations/${created.body.id}`).send({ defaultLanguage: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.defaultLanguage).toBeNull();

    const bad = await agent.patch(`/api/locations/${created.body.id}`).send({ defaultLanguage: 'xx' });
    expect(bad.status).toBe(400);
    expect(
      (await agent.get('/api/locations')).body.map((l: { defaultLanguage: unknown }) => l.defaultLanguage),
    ).toEqual([null, null]);
  });
});
