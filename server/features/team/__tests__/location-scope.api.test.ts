import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocation,
  createMember,
  createReview,
  createUser,
  signedInAgent,
} from '../../../testing/factories';
import { createTestApp } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';

/**
 * Issue 42, item 2: a manager of shop 1 renamed shop 2, pointed its Google link elsewhere, deleted it and
 * published a reply on shop 2's review. The location scope is now taken by the repositories' queries: a
 * location outside a limited member's is not found (404), exactly like another client's.
 */
describe.each(testDatabaseKinds)('a location-limited member on %s', (kind) => {
  let database: TestDatabase;
  let app: Express;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = createTestApp(database.handle.db);
  }, 180_000);
  afterAll(async () => {
    await database?.drop();
  });

  const db = () => database.handle.db;

  async function businessWithTwoShops(role: 'manager' | 'responder' = 'manager') {
    const owner = await createUser(db());
    const shop1 = await createLocation(db(), owner.id, { name: 'Shop 1' });
    const shop2 = await createLocation(db(), owner.id, { name: 'Shop 2' });
    const { user } = await createMember(db(), owner.id, { role, locationIds: [shop1.id] });
    return {
      owner,
      shop1,
      shop2,
      member: await signedInAgent(app, user),
      ownerAgent: await signedInAgent(app, owner),
    };
  }

  it('when a manager of shop 1 reads, edits, deletes or prints shop 2, then it is not found and shop 2 is unchanged', async () => {
    const { shop1, shop2, member, ownerAgent } = await businessWithTwoShops();

    expect((await member.get('/api/locations')).body.map((l: { id: number }) => l.id)).toEqual([shop1.id]);
    expect((await member.get(`/api/locations/${shop2.id}`)).status).toBe(404);
    expect((await member.get(`/api/locations/${shop2.id}/qr`)).status).toBe(404);
    const renamed = await member
      .patch(`/api/locations/${shop2.id}`)
      .send({ name: 'Not yours', googleReviewUrl: 'https://evil.example.com/review' });
    expect(renamed.status).toBe(404);
    expect((await member.delete(`/api/locations/${shop2.id}`)).status).toBe(404);

    const shop2Now = await ownerAgent.get(`/api/locations/${shop2.id}`);
    expect(shop2Now.status).toBe(200);
    expect(shop2Now.body).toMatchObject({ name: 'Shop 2', googleReviewUrl: shop2.googleReviewUrl });
    // Their own shop still works.
    expect((await member.get(`/api/locations/${shop1.id}`)).status).toBe(200);
    expect((await member.get(`/api/locations/${shop1.id}/qr`)).status).toBe(200);
  });

  it('when a manager of shop 1 answers a review of shop 2, by either reply route, then it is not found and nothing is stored', async () => {
    const { owner, shop1, shop2, member, ownerAgent } = await businessWithTwoShops('manager');
    const theirs = await createReview(db(), owner.id, {
      locationId: shop2.id,
      type: 'google',
      externalId: 'g-2',
    });
    const own = await createReview(db(), owner.id, { locationId: shop1.id, rating: 4 });

    const onGoogle = await member.post(`/api/integrations/google/reply/${theirs.id}`).send({ reply: 'Hi' });
    expect(onGoogle.status).toBe(404);
    const here = await member.post(`/api/reviews/${theirs.id}/response`).send({ responseContent: 'Hi' });
    expect(here.status).toBe(404);
    expect((await member.post(`/api/reviews/${theirs.id}/response/retry`)).status).toBe(404);
    expect((await member.delete(`/api/reviews/${theirs.id}/response`)).status).toBe(404);

    const stored = await ownerAgent.get(`/api/reviews/${theirs.id}`);
    expect(stored.body.responseContent ?? null).toBeNull();
    const answered = await member
      .post(`/api/reviews/${own.id}/response`)
      .send({ responseContent: 'Thank you!' });
    expect(answered.status).toBe(200);
  });
});
