import { eq } from 'drizzle-orm';
import type { Express } from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { plans, reviewRequests, users } from '../../../db/schema';
import type { AppContext } from '../../../lib/context';
import { createContact, createLocation, createUser, signedInAgent } from '../../../testing/factories';
import { createTestApp, createTestContext } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { MONTHLY_LIMIT_REACHED } from '../../review-requests/review-requests.service';
import { FREE_PLAN_KEY } from '../plan-limits';

describe.each(testDatabaseKinds)('plan limits on %s', (kind) => {
  let database: TestDatabase;
  let ctx: AppContext;
  let app: Express;
  let clock: Date;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ctx = createTestContext(database.handle.db);
    ctx.now = () => clock;
    app = createTestApp(database.handle.db, {}, ctx);
  });
  afterAll(async () => {
    await database?.drop();
  });
  beforeEach(() => {
    clock = new Date();
  });

  const db = () => database.handle.db;

  /** A client on a plan of its own with these limits, one location, and `contacts` contacts. */
  async function clientOn(limits: { requests: number | null; locations: number | null }, contacts = 1) {
    const [plan] = await db()
      .insert(plans)
      .values({
        name: 'Starter',
        priceCents: 900,
        reviewRequestLimit: limits.requests,
        locationsLimit: limits.locations,
      })
      .returning();
    const user = await createUser(db());
    await db().update(users).set({ planId: plan!.id }).where(eq(users.id, user.id));
    const location = await createLocation(db(), user.id);
    const people = [];
    for (let i = 0; i < contacts; i += 1) people.push(await createContact(db(), user.id));
    return { user, location, people, agent: await signedInAgent(app, user) };
  }

  it("when the month's requests are used, then the next answers 402 naming the limit and the plan; links still work", async () => {
    const { location, people, agent } = await clientOn({ requests: 2, locations: null });
    const send = () =>
      agent
        .post('/api/review-requests')
        .send({ locationId: location.id, contactId: people[0]!.id, method: 'email', confirmRecentAsk: true });

    await send().expect(201);
    await send().expect(201);
    const refused = await send();

    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe(
      "Your Starter plan includes 2 review requests a month, and this month's are used. Upgrade your plan to send more.",
    );
    await agent.post('/api/review-requests/link').send({ locationId: location.id }).expect(201);
    const usage = await agent.get('/api/subscription').expect(200);
    expect(usage.body).toMatchObject({
      plan: { name: 'Starter', reviewRequestLimit: 2 },
      usage: { reviewRequests: 2, locations: 1 },
    });
  });

  it('when a new month begins, then the limit counts from zero again', async () => {
    const { location, people, agent, user } = await clientOn({ requests: 1, locations: null });
    const send = () =>
      agent
        .post('/api/review-requests')
        .send({ locationId: location.id, contactId: people[0]!.id, method: 'email', confirmRecentAsk: true });
    await send().expect(201);
    await send().expect(402);

    const now = new Date();
    clock = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 9));

    await send().expect(201);
    const rows = await db().select().from(reviewRequests).where(eq(reviewRequests.ownerId, user.id));
    expect(rows).toHaveLength(2);
  });

  it('when a bulk send goes past the limit, then what fits is sent and each of the rest says why', async () => {
    const { location, people, agent } = await clientOn({ requests: 3, locations: null }, 5);

    const res = await agent
      .post('/api/review-requests/bulk')
      .send({ locationId: location.id, method: 'email', contactIds: people.map((p) => p.id) });

    expect(res.status).toBe(201);
    expect(res.body.created).toBe(3);
    expect(res.body.skipped).toEqual(
      people.slice(3).map((p) => ({ contactId: p.id, name: p.name, reason: MONTHLY_LIMIT_REACHED })),
    );
    const again = await agent
      .post('/api/review-requests/bulk')
      .send({ locationId: location.id, method: 'email', contactIds: [people[3]!.id] });
    expect(again.status).toBe(402);
  });

  it('when many sends race for the last requests, then no more than the limit get through', async () => {
    const { location, people, agent, user } = await clientOn({ requests: 2, locations: null });

    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        agent.post('/api/review-requests').send({
          locationId: location.id,
          contactId: people[0]!.id,
          method: 'email',
          confirmRecentAsk: true,
        }),
      ),
    );

    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 402)).toHaveLength(4);
    const rows = await db().select().from(reviewRequests).where(eq(reviewRequests.ownerId, user.id));
    expect(rows).toHaveLength(2);
  });

  it("when the plan's locations are all used, then adding one answers 402", async () => {
    const { agent } = await clientOn({ requests: null, locations: 1 });

    const res = await agent.post('/api/locations').send({ name: 'Second shop', address: '2 High St' });

    expect(res.status).toBe(402);
    expect(res.body.message).toBe('Your Starter plan includes 1 location. Upgrade your plan to add more.');
  });

  it('when a client has no plan of their own, then they are on the free plan', async () => {
    const user = await createUser(db());
    const agent = await signedInAgent(app, user);

    const res = await agent.get('/api/subscription').expect(200);

    expect(res.body.plan).toMatchObject({ name: 'Free', priceCents: 0, free: true });
    expect(res.body.payments).toBe('not_configured');
  });

  it("when anyone reads the plan terms, then they are this deployment's: the free plan's limits as the admin set them, the email cap and the grace days", async () => {
    const local = createTestApp(db(), { UNVERIFIED_REQUEST_CAP: '7', BILLING_GRACE_DAYS: '10' });
    await supertest(local).get('/api/plan-terms').expect(200);
    await db()
      .update(plans)
      .set({ reviewRequestLimit: 250, locationsLimit: null })
      .where(eq(plans.key, FREE_PLAN_KEY));

    const res = await supertest(local).get('/api/plan-terms').expect(200);

    expect(res.body).toEqual({
      freePlan: { reviewRequestLimit: 250, locationsLimit: null },
      unverifiedRequestCap: 7,
      billingGraceDays: 10,
    });
  });
});
