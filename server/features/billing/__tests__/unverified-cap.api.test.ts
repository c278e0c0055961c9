import { eq } from 'drizzle-orm';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unverifiedCapMessage } from '@shared/schemas/account';
import { reviewRequests, users } from '../../../db/schema';
import { createContact, createLocation, createUser, signedInAgent } from '../../../testing/factories';
import { createTestApp } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { UNVERIFIED_CAP_REACHED } from '../../review-requests/review-requests.service';

const CAP = 20;

describe.each(testDatabaseKinds)('the unverified request cap on %s', (kind) => {
  let database: TestDatabase;
  let app: Express;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // The product's default cap; the free plan's monthly limit stays out of the way (test-app env).
    app = createTestApp(database.handle.db, { UNVERIFIED_REQUEST_CAP: String(CAP) });
  }, 180_000);
  afterAll(async () => {
    await database?.drop();
  });

  const db = () => database.handle.db;

  async function owner(verified: boolean, contacts: number) {
    const user = await createUser(db(), { verified });
    const location = await createLocation(db(), user.id);
    const people = [];
    for (let i = 0; i < contacts; i += 1) people.push(await createContact(db(), user.id));
    return { user, location, people, agent: await signedInAgent(app, user) };
  }

  const sent = async (ownerId: number) =>
    (await db().select().from(reviewRequests).where(eq(reviewRequests.ownerId, ownerId))).filter(
      (r) => r.method !== 'link',
    ).length;

  it('when an unverified account has sent 20, then the 21st answers 402 asking to verify; links still work', async () => {
    const { user, location, people, agent } = await owner(false, 1);
    const send = () =>
      agent
        .post('/api/review-requests')
        .send({ locationId: location.id, contactId: people[0]!.id, method: 'email', confirmRecentAsk: true });
    // Links send nothing and do not count, before or after.
    await agent.post('/api/review-requests/link').send({ locationId: location.id }).expect(201);

    for (let i = 0; i < CAP; i += 1) await send().expect(201);
    const refused = await send();

    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe(unverifiedCapMessage(CAP));
    expect(refused.body.message).toBe(
      'Verify your email to send more than 20 review requests. We sent you a link.',
    );
    await agent.post('/api/review-requests/link').send({ locationId: location.id }).expect(201);
    expect(await sent(user.id)).toBe(CAP);
  }, 120_000);

  it('when a bulk send goes past the cap, then only what is left goes out and the rest say why', async () => {
    const { user, location, people, agent } = await owner(false, 25);
    const first = await agent
      .post('/api/review-requests/bulk')
      .send({ locationId: location.id, contactIds: people.slice(0, 15).map((p) => p.id), method: 'email' });
    expect(first.status).toBe(201);
    expect(first.body.created).toBe(15);

    const second = await agent
      .post('/api/review-requests/bulk')
      .send({ locationId: location.id, contactIds: people.slice(15).map((p) => p.id), method: 'email' });
    expect(second.status).toBe(201);
    expect(second.body.created).toBe(5);
    expect(second.body.skipped).toEqual(
      people.slice(20).map((p) => ({ contactId: p.id, name: p.name, reason: UNVERIFIED_CAP_REACHED })),
    );

    const third = await agent
      .post('/api/review-requests/bulk')
      .send({ locationId: location.id, contactIds: [people[20]!.id], method: 'email' });
    expect(third.status).toBe(402);
    expect(await sent(user.id)).toBe(CAP);
  }, 120_000);

  it('when the account verifies, then the cap is lifted at once', async () => {
    const { user, location, people, agent } = await owner(false, 1);
    const send = () =>
      agent
        .post('/api/review-requests')
        .send({ locationId: location.id, contactId: people[0]!.id, method: 'email', confirmRecentAsk: true });
    for (let i = 0; i < CAP; i += 1) await send().expect(201);
    await send().expect(402);

    await db().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));

    await send().expect(201);
    expect(await sent(user.id)).toBe(CAP + 1);
  }, 120_000);

  it('when the account is verified, then more than 20 go out', async () => {
    const { user, location, people, agent } = await owner(true, 25);
    const res = await agent
      .post('/api/review-requests/bulk')
      .send({ locationId: location.id, contactIds: people.map((p) => p.id), method: 'email' });
    expect(res.status).toBe(201);
    expect(res.body.created).toBe(25);
    expect(await sent(user.id)).toBe(25);
  }, 120_000);

  it('when parallel sends race at the cap, then no more than 20 go out in all', async () => {
    const { user, location, people, agent } = await owner(false, 1);
    const send = () =>
      agent
        .post('/api/review-requests')
        .send({ locationId: location.id, contactId: people[0]!.id, method: 'email', confirmRecentAsk: true });
    const answers = await Promise.all(Array.from({ length: CAP + 6 }, send));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(CAP);
    expect(answers.filter((r) => r.status === 402)).toHaveLength(6);
    expect(await sent(user.id)).toBe(CAP);
  }, 120_000);
});
