import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { createTestApp } from '../../../testing/test-app';
import { createLocation, createUser, signedInAgent } from '../../../testing/factories';

const BASE = 'https://reviews.example.com';

describe.each(testDatabaseKinds)('locations API on %s', (kind) => {
  let database: TestDatabase;
  let app: Express;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = createTestApp(database.handle.db, { PUBLIC_BASE_URL: BASE });
  });
  afterAll(async () => {
    await database?.drop();
  });

  const db = () => database.handle.db;
  async function signedInClient() {
    const user = await createUser(db());
    return { user, agent: await signedInAgent(app, user) };
  }

  it('when a location is created, then it answers 201 with an unguessable public link and its public URL', async () => {
    const { agent } = await signedInClient();

    const res = await agent.post('/api/locations').send({
      name: ' Harbour Street ',
      address: '1 Harbour St',
      googleReviewUrl: 'https://search.google.com/local/writereview?placeid=abc',
      facebookPageUrl: '',
    });

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Harbour Street',
      address: '1 Harbour St',
      googleReviewUrl: 'https://search.google.com/local/writereview?placeid=abc',
      facebookPageUrl: null,
      googleAccessToken: null,
      googleLocationId: null,
      facebookConnected: false,
    });
    expect(res.body.publicLink).toMatch(/^[\w-]{22}$/);
    expect(res.body.publicUrl).toBe(`${BASE}/review/${res.body.publicLink}`);
    const list = await agent.get('/api/locations');
    expect(list.body.map((l: { id: number }) => l.id)).toEqual([res.body.id]);
  });

  it.each([
    [{ name: 'A' }, 'name', 'Location name must be at least 2 characters.'],
    [
      { name: 'Shop', googleReviewUrl: 'http://g.example.com/x' },
      'googleReviewUrl',
      'Please enter a full https:// link',
    ],
    [
      { name: 'Shop', facebookPageUrl: 'javascript:alert(1)' },
      'facebookPageUrl',
      'Please enter a full https:// link',
    ],
    [{ name: 'Shop', googleReviewUrl: 'not a url' }, 'googleReviewUrl', 'Please enter a full https:// link'],
  ])('when the body is %j, then it answers 400 naming %s', async (body, field, message) => {
    const { agent } = await signedInClient();
    const res = await agent.post('/api/locations').send(body);
    expect(res.status).toBe(400);
    expect(res.body.details[field]).toEqual([message]);
  });

  it('when a location is patched, then the given fields change and a bad URL is refused', async () => {
    const { user, agent } = await signedInClient();
    const location = await createLocation(db(), user.id, { name: 'Old' });

    const res = await agent
      .patch(`/api/locations/${location.id}`)
      .send({ name: 'New', facebookPageUrl: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'New', facebookPageUrl: null, address: location.address });
    expect(res.body.publicLink).toBe(location.publicLink);

    const bad = await agent
      .patch(`/api/locations/${location.id}`)
      .send({ googleReviewUrl: 'ftp://x.example.com' });
    expect(bad.status).toBe(400);
  });

  it('when a location is deleted, then it answers 204 and is gone', async () => {
    const { user, agent } = await signedInClient();
    const location = await createLocation(db(), user.id);

    await agent.delete(`/api/locations/${location.id}`).expect(204);
    expect((await agent.get('/api/locations')).body).toEqual([]);
  });

  it("when another client's location is read, changed or deleted, then it answers 404", async () => {
    const owner = await createUser(db());
    const location = await createLocation(db(), owner.id, { name: 'Theirs' });
    const { agent } = await signedInClient();

    expect((await agent.get(`/api/locations/${location.id}`)).status).toBe(404);
    expect((await agent.patch(`/api/locations/${location.id}`).send({ name: 'Mine' })).status).toBe(404);
    expect((await agent.delete(`/api/locations/${location.id}`)).status).toBe(404);
    expect((await agent.get('/api/locations')).body).toEqual([]);
  });

  it('when tokens are stored, then no answer ever contains them, only the connected markers', async () => {
    const { user, agent } = await signedInClient();
    const secrets = ['ya29.google-access-SECRET', 'google-refresh-SECRET', 'EAAB-facebook-SECRET'];
    const location = await createLocation(db(), user.id, {
      googleAccessToken: secrets[0],
      googleRefreshToken: secrets[1],
      googleLocationId: 'locations/123',
      facebookAccessToken: secrets[2],
      facebookPageId: '987',
    });

    const answers = [
      await agent.get('/api/locations'),
      await agent.get(`/api/locations/${location.id}`),
      await agent.patch(`/api/locations/${location.id}`).send({ name: 'Renamed' }),
    ];

    for (const res of answers) {
      expect(res.status).toBe(200);
      for (const secret of secrets) expect(res.text).not.toContain(secret);
    }
    expect(answers[1]!.body).toMatchObject({
      googleAccessToken: 'connected',
      googleLocationId: 'locations/123',
      facebookConnected: true,
    });
    expect(answers[1]!.body).not.toHaveProperty('googleRefreshToken');
    expect(answers[1]!.body).not.toHaveProperty('facebookAccessToken');
  });

  it("when an admin works inside a client's area, then they see and change that client's locations", async () => {
    const client = await createUser(db());
    const location = await createLocation(db(), client.id, { name: 'Client shop' });
    const admin = await createUser(db(), { role: 'admin' });
    const agent = await signedInAgent(app, admin);

    const list = await agent.get(`/api/admin/clients/${client.id}/locations`);
    expect(list.body.map((l: { name: string }) => l.name)).toEqual(['Client shop']);
    await agent
      .patch(`/api/admin/clients/${client.id}/locations/${location.id}`)
      .send({ name: 'Fixed' })
      .expect(200);
    expect((await agent.get(`/api/admin/clients/${client.id}/locations`)).body[0].name).toBe('Fixed');
  });
});
