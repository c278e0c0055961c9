import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_PASSWORD_INCORRECT } from '@shared/schemas/settings';
import { locations, plans, sessions, subscriptions, users } from '../../../db/schema';
import { createLocation, createUser, signedInAgent } from '../../../testing/factories';
import { startFakeStripe, type FakeStripe } from '../../../testing/fake-stripe';
import { createTestApp } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { ADMIN_CANNOT_DELETE_SELF } from '../settings.service';

describe.each(testDatabaseKinds)('DELETE /api/user (account deletion) on %s', (kind) => {
  let database: TestDatabase;
  let stripe: FakeStripe;
  let app: Express;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    stripe = await startFakeStripe();
    app = createTestApp(database.handle.db, { PUBLIC_BASE_URL: 'http://app.test', ...stripe.env() });
  });
  afterAll(async () => {
    await stripe?.close();
    await database?.drop();
  });

  const db = () => database.handle.db;

  /** A client with a location and an active Stripe subscription (paid through the fake's checkout). */
  async function subscribedClient() {
    const [plan] = await db()
      .insert(plans)
      .values({ name: 'Pro', priceCents: 2900, stripePriceId: `price_${randomBytes(4).toString('hex')}` })
      .returning();
    const user = await createUser(db());
    const agent = await signedInAgent(app, user);
    await createLocation(db(), user.id);
    const res = await agent.post(`/api/checkout/${plan!.id}`).expect(201);
    const sessionId = new URL(res.body.url).pathname.split('/').pop()!;
    const [, updated] = stripe.completionEvents(sessionId);
    const subscription = updated!.data.object as { id: string; customer: string };
    await db().insert(subscriptions).values({
      ownerId: user.id,
      planId: plan!.id,
      status: 'active',
      stripeCustomerId: subscription.customer,
      stripeSubscriptionId: subscription.id,
    });
    return { user, agent, subscriptionId: subscription.id };
  }

  it('when the password is wrong or missing, then 400 with a message and nothing changes', async () => {
    const { user, agent, subscriptionId } = await subscribedClient();

    const wrong = await agent.delete('/api/user').send({ password: 'not-my-password' });
    const missing = await agent.delete('/api/user').send({});

    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(CURRENT_PASSWORD_INCORRECT);
    expect(missing.status).toBe(400);
    expect(await db().select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
    expect(stripe.subscriptions.get(subscriptionId)!.status).toBe('active');
    await agent.get('/api/user').expect(200);
  });

  it('when the password is right, then the subscription is cancelled at Stripe, the account and its rows go, and every session ends', async () => {
    const { user, agent, subscriptionId } = await subscribedClient();
    const otherDevice = await signedInAgent(app, user);

    await agent.delete('/api/user').send({ password: user.password }).expect(204);

    expect(stripe.requestsTo('DELETE', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
    expect(stripe.subscriptions.get(subscriptionId)!.status).toBe('canceled');
    expect(await db().select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await db().select().from(locations).where(eq(locations.ownerId, user.id))).toEqual([]);
    expect(await db().select().from(subscriptions).where(eq(subscriptions.ownerId, user.id))).toEqual([]);
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    await agent.get('/api/user').expect(401);
    await otherDevice.get('/api/user').expect(401);
    const signIn = await otherDevice.post('/api/login').send({ email: user.email, password: user.password });
    expect(signIn.status).toBe(401);
  });

  it('when a client without a subscription deletes their account, then Stripe is not called', async () => {
    const user = await createUser(db());
    const agent = await signedInAgent(app, user);
    const before = stripe.requests.length;

    await agent.delete('/api/user').send({ password: user.password }).expect(204);

    expect(stripe.requests.length).toBe(before);
    expect(await db().select().from(users).where(eq(users.id, user.id))).toEqual([]);
  });

  it('when an admin tries to delete their own account this way, then 403', async () => {
    const admin = await createUser(db(), { role: 'admin' });
    const agent = await signedInAgent(app, admin);

    const res = await agent.delete('/api/user').send({ password: admin.password });

    expect(res.status).toBe(403);
    expect(res.body.message).toBe(ADMIN_CANNOT_DELETE_SELF);
    expect(await db().select().from(users).where(eq(users.id, admin.id))).toHaveLength(1);
  });

  it('when the admin deletes a subscribed client, then the subscription is cancelled at Stripe before the account goes', async () => {
    const { user, subscriptionId } = await subscribedClient();
    const admin = await createUser(db(), { role: 'admin' });
    const adminAgent = await signedInAgent(app, admin);

    await adminAgent.delete(`/api/admin/clients/${user.id}`).expect(204);

    expect(stripe.requestsTo('DELETE', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
    expect(stripe.subscriptions.get(subscriptionId)!.status).toBe('canceled');
    expect(await db().select().from(users).where(eq(users.id, user.id))).toEqual([]);
  });
});
