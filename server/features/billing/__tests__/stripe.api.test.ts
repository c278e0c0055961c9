import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Express } from 'express';
import supertest from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, checkoutSessions, plans, stripeEvents, subscriptions, users } from '../../../db/schema';
import type { AppContext } from '../../../lib/context';
import { createUser, signedInAgent } from '../../../testing/factories';
import {
  signStripeEvent,
  startFakeStripe,
  stripeEvent,
  type FakeStripe,
  type FakeSubscription,
} from '../../../testing/fake-stripe';
import { createTestApp, createTestContext } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { BAD_SIGNATURE, NO_BILLING_ACCOUNT, PAYMENTS_NOT_SET_UP } from '../billing.service';

const BASE = 'http://app.test';
const DAY = 24 * 60 * 60 * 1000;

describe.each(testDatabaseKinds)('Stripe billing on %s', (kind) => {
  let database: TestDatabase;
  let stripe: FakeStripe;
  let ctx: AppContext;
  let app: Express;
  let clock: Date;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    stripe = await startFakeStripe();
    ctx = createTestContext(database.handle.db, {
      PUBLIC_BASE_URL: BASE,
      BILLING_GRACE_DAYS: '7',
      ...stripe.env(),
    });
    ctx.now = () => clock;
    app = createTestApp(database.handle.db, {}, ctx);
  });
  afterAll(async () => {
    await stripe?.close();
    await database?.drop();
  });
  beforeEach(() => {
    clock = new Date();
  });

  const db = () => database.handle.db;

  /** A paid plan sold through Stripe at its own price id. */
  async function paidPlan(overrides: Partial<typeof plans.$inferInsert> = {}) {
    const [plan] = await db()
      .insert(plans)
      .values({
        name: 'Pro',
        priceCents: 2900,
        reviewRequestLimit: 1000,
        locationsLimit: 10,
        stripePriceId: `price_${randomBytes(6).toString('hex')}`,
        ...overrides,
      })
      .returning();
    return plan!;
  }

  async function signedInClient() {
    const user = await createUser(db());
    return { user, agent: await signedInAgent(app, user) };
  }

  /** POSTs a body to the webhook as Stripe does: no cookie, no Origin, the raw JSON and its signature. */
  function supertestPost(payload: string, signature: string | undefined) {
    const req = supertest(app).post('/api/stripe/webhook').set('Content-Type', 'application/json');
    if (signature !== undefined) req.set('Stripe-Signature', signature);
    return req.send(payload);
  }

  /** Delivers one event, signed with the SDK's test-header helper and (by default) the app's secret. */
  function deliver(event: object, secret = stripe.webhookSecret) {
    const { payload, signature } = signStripeEvent(event, secret);
    return supertestPost(payload, signature);
  }

  async function startCheckout(agent: TestAgent, planId: number) {
    const res = await agent.post(`/api/checkout/${planId}`).expect(201);
    const sessionId = new URL(res.body.url).pathname.split('/').pop()!;
    return { url: res.body.url as string, sessionId };
  }

  const userPlan = async (id: number) =>
    (await db().select({ planId: users.planId }).from(users).where(eq(users.id, id)))[0]!.planId;
  const subscriptionOf = async (id: number) =>
    (await db().select().from(subscriptions).where(eq(subscriptions.ownerId, id)))[0];

  describe('checkout', () => {
    it('when a client starts checkout, then Stripe gets a subscription session at the plan price, for them, and the session is recorded', async () => {
      const plan = await paidPlan();
      const { user, agent } = await signedInClient();

      const { url, sessionId } = await startCheckout(agent, plan.id);

      expect(url).toBe(`${stripe.url}/pay/${sessionId}`);
      const sent = stripe.sessions.get(sessionId)!;
      const [request] = stripe.requestsTo('POST', '/v1/checkout/sessions').slice(-1);
      expect(request!.body).toMatchObject({
        mode: 'subscription',
        line_items: [{ price: plan.stripePriceId, quantity: '1' }],
        client_reference_id: String(user.id),
        customer_email: user.email,
        subscription_data: { metadata: { ownerId: String(user.id), planId: String(plan.id) } },
        success_url: `${BASE}/subscribe?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${BASE}/subscribe?cancelled=1`,
      });
      expect(request!.body).not.toHaveProperty('customer');
      expect(sent.priceId).toBe(plan.stripePriceId);
      const rows = await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
      expect(rows).toEqual([expect.objectContaining({ ownerId: user.id, planId: plan.id, status: 'open' })]);
    });

    it('when the client already has a Stripe customer, then checkout reuses it instead of an email', async () => {
      const plan = await paidPlan();
      const { user, agent } = await signedInClient();
      await db()
        .insert(subscriptions)
        .values({
          ownerId: user.id,
          planId: plan.id,
          status: 'canceled',
          stripeCustomerId: 'cus_existing',
          stripeSubscriptionId: `sub_${randomBytes(4).toString('hex')}`,
        });

      await startCheckout(agent, plan.id);

      const [request] = stripe.requestsTo('POST', '/v1/checkout/sessions').slice(-1);
      expect(request!.body).toMatchObject({ customer: 'cus_existing' });
      expect(request!.body).not.toHaveProperty('customer_email');
    });

    it('when Stripe is not configured, then checkout says payments are not set up and writes nothing', async () => {
      const plan = await paidPlan();
      const bare = createTestApp(db(), { PUBLIC_BASE_URL: BASE });
      const user = await createUser(db());
      const agent = await signedInAgent(bare, user);
      const before = stripe.requests.length;

      const res = await agent.post(`/api/checkout/${plan.id}`);

      expect(res.status).toBe(503);
      expect(res.body.message).toBe(PAYMENTS_NOT_SET_UP);
      expect(stripe.requests.length).toBe(before);
      expect(await db().select().from(checkoutSessions).where(eq(checkoutSessions.ownerId, user.id))).toEqual(
        [],
      );
      const overview = await agent.get('/api/subscription').expect(200);
      expect(overview.body).toMatchObject({ payments: 'not_configured', canManageBilling: false });
    });

    it('when the plan has no Stripe price, is archived, is the current one or does not exist, then a clear 4xx', async () => {
      const { user, agent } = await signedInClient();
      const unpriced = await paidPlan({ stripePriceId: null, name: 'Custom' });
      const archived = await paidPlan({ archivedAt: new Date() });
      const current = await paidPlan();
      await db().update(users).set({ planId: current.id }).where(eq(users.id, user.id));

      const noPrice = await agent.post(`/api/checkout/${unpriced.id}`);
      expect(noPrice.status).toBe(400);
      expect(noPrice.body.message).toMatch(/Custom plan cannot be bought online/);
      expect((await agent.post(`/api/checkout/${archived.id}`)).status).toBe(404);
      const same = await agent.post(`/api/checkout/${current.id}`);
      expect(same.status).toBe(409);
      expect(same.body.message).toBe('You are already on the Pro plan.');
      expect((await agent.post('/api/checkout/999999')).status).toBe(404);
      expect((await agent.post('/api/checkout/abc')).status).toBe(400);
    });
  });

  describe('webhook', () => {
    it('when a good event is delivered twice, then it is applied once', async () => {
      const plan = await paidPlan();
      const { user, agent } = await signedInClient();
      const { sessionId } = await startCheckout(agent, plan.id);
      const [completed, updated] = stripe.completionEvents(sessionId);

      await deliver(completed!).expect(200, { received: true, applied: true });
      await deliver(completed!).expect(200, { received: true, applied: false });
      await deliver(updated!).expect(200, { received: true, applied: true });
      await deliver(updated!).expect(200, { received: true, applied: false });

      expect(await userPlan(user.id)).toBe(plan.id);
      const applied = await db()
        .select()
        .from(stripeEvents)
        .where(inArray(stripeEvents.id, [completed!.id, updated!.id]));
      expect(applied).toHaveLength(2);
      const audits = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetClientId, user.id), eq(auditLog.action, 'billing.plan_change')));
      expect(audits).toHaveLength(1);
      const outcome = await agent.get(`/api/checkout/sessions/${sessionId}`).expect(200);
      expect(outcome.body).toMatchObject({ status: 'success', plan: { id: plan.id, name: 'Pro' } });
      const overview = await agent.get('/api/subscription').expect(200);
      expect(overview.body).toMatchObject({
        plan: { id: plan.id, reviewRequestLimit: 1000 },
        payments: 'configured',
        canManageBilling: true,
        subscription: { status: 'active', cancelAtPeriodEnd: false, paymentFailedAt: null },
      });
    });

    it('when subscription.updated arrives before checkout.session.completed, then both land (owner from metadata)', async () => {
      const plan = await paidPlan();
      const { user, agent } = await signedInClient();
      const { sessionId } = await startCheckout(agent, plan.id);
      const [completed, updated] = stripe.completionEvents(sessionId);

      await deliver(updated!).expect(200);
      expect(await userPlan(user.id)).toBe(plan.id);
      expect((await agent.get(`/api/checkout/sessions/${sessionId}`).expect(200)).body.status).toBe(
        'pending',
      );

      await deliver(completed!).expect(200);

      expect((await agent.get(`/api/checkout/sessions/${sessionId}`).expect(200)).body.status).toBe(
        'success',
      );
      const row = await subscriptionOf(user.id);
      expect(row).toMatchObject({
        planId: plan.id,
        status: 'active',
        stripeCustomerId: stripe.sessions.get(sessionId)!.customer,
        stripeSubscriptionId: stripe.sessions.get(sessionId)!.subscription,
      });
      expect(row!.currentPeriodEnd).not.toBeNull();
    });

    it('when deleted arrives before a late updated, then the subscription stays cancelled and the client is on the free plan', async () => {
      const plan = await paidPlan();
      const { user, agent } = await signedInClient();
      const { sessionId } = await startCheckout(agent, plan.id);
      const [completed, updated] = stripe.completionEvents(sessionId);
      await deliver(completed!).expect(200);
      const subscription = stripe.subscriptions.get(stripe.sessions.get(sessionId)!.subscription!)!;
      const at = updated!.created;
      const deleted = stripeEvent(
        'customer.subscription.deleted',
        { ...subscription, status: 'canceled' },
        at + 20,
      );
      const lateOlder = stripeEvent('customer.subscription.updated', subscription, at + 10);
      const lateNewer = stripeEvent('customer.subscription.updated', subscription, at + 30);

      await deliver(deleted).expect(200);
      await deliver(lateOlder).expect(200);
      await deliver(lateNewer).expect(200);

      expect(await subscriptionOf(user.id)).toMatchObject({ status: 'canceled' });
      const overview = await agent.get('/api/subscription').expect(200);
      expect(overview.body.plan).toMatchObject({ free: true });
      expect(await userPlan(user.id)).not.toBe(plan.id);
    });

    it('when an older updated arrives after a newer one, then it does not overwrite it', async () => {
      const plan = await paidPlan();
      const { user, agent } = await signedInClient();
      const { sessionId } = await startCheckout(agent, plan.id);
      const [completed, updated] = stripe.completionEvents(sessionId);
      await deliver(completed!).expect(200);
      const subscription = updated!.data.object as FakeSubscription;
      const newer = stripeEvent(
        'customer.subscription.updated',
        { ...subscription, cancel_at_period_end: true },
        updated!.created + 60,
      );

      await deliver(newer).expect(200);
      await deliver(updated!).expect(200);

      expect(await subscriptionOf(user.id)).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });
      const overview = await agent.get('/api/subscription').expect(200);
      expect(overview.body.subscription).toMatchObject({ cancelAtPeriodEnd: true });
    });

    it('when the signature is wrong or missing, then 400 and nothing is applied', async () => {
      const plan = await paidPlan();
      const { user, agent } = await signedInClient();
      const { sessionId } = await startCheckout(agent, plan.id);
      const [completed] = stripe.completionEvents(sessionId);

      const forged = await deliver(completed!, 'whsec_not_the_secret');
      expect(forged.status).toBe(400);
      expect(forged.body.message).toBe(BAD_SIGNATURE);
      const unsigned = await supertestPost(JSON.stringify(completed), undefined);
      expect(unsigned.status).toBe(400);
      const { signature } = signStripeEvent(completed!, stripe.webhookSecret);
      const tampered = await supertestPost(JSON.stringify({ ...completed, id: 'evt_other' }), signature);
      expect(tampered.status).toBe(400);

      expect(await userPlan(user.id)).not.toBe(plan.id);
      expect(await db().select().from(stripeEvents).where(eq(stripeEvents.id, completed!.id))).toEqual([]);
    });

    it('when an event type is not one we handle, then 200 and it is ignored', async () => {
      const res = await deliver(stripeEvent('customer.created', { id: 'cus_x', object: 'customer' }));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ received: true, applied: false });
    });

    it('when a payment fails, then the paid limits hold through the grace period and the free ones after; a paid invoice restores them', async () => {
      const plan = await paidPlan();
      const { user, agent } = await signedInClient();
      const { sessionId } = await startCheckout(agent, plan.id);
      for (const event of stripe.completionEvents(sessionId)) await deliver(event).expect(200);
      const subscriptionId = stripe.sessions.get(sessionId)!.subscription!;
      const invoice = (status: string) => ({
        id: `in_${randomBytes(4).toString('hex')}`,
        object: 'invoice',
        status,
        customer: stripe.sessions.get(sessionId)!.customer,
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: subscriptionId, metadata: {} },
        },
      });

      await deliver(stripeEvent('invoice.payment_failed', invoice('open'))).expect(200);
      clock = new Date(Date.now() + 6 * DAY);
      const withinGrace = await agent.get('/api/subscription').expect(200);
      expect(withinGrace.body).toMatchObject({
        plan: { id: plan.id, reviewRequestLimit: 1000 },
        limitedToFree: false,
      });
      expect(withinGrace.body.subscription.graceEndsAt).not.toBeNull();

      clock = new Date(Date.now() + 8 * DAY);
      const afterGrace = await agent.get('/api/subscription').expect(200);
      expect(afterGrace.body).toMatchObject({ plan: { free: true }, limitedToFree: true });
      expect(await userPlan(user.id)).toBe(plan.id);

      await deliver(stripeEvent('invoice.paid', invoice('paid'))).expect(200);
      const paid = await agent.get('/api/subscription').expect(200);
      expect(paid.body).toMatchObject({ plan: { id: plan.id }, limitedToFree: false });
      expect(paid.body.subscription.paymentFailedAt).toBeNull();
    });

    it('when an invoice.paid arrives before an older invoice.payment_failed, then the late failure changes nothing', async () => {
      const plan = await paidPlan();
      const { agent } = await signedInClient();
      const { sessionId } = await startCheckout(agent, plan.id);
      for (const event of stripe.completionEvents(sessionId)) await deliver(event).expect(200);
      const invoice = {
        id: `in_${randomBytes(4).toString('hex')}`,
        object: 'invoice',
        customer: stripe.sessions.get(sessionId)!.customer,
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: stripe.sessions.get(sessionId)!.subscription!, metadata: {} },
        },
      };
      const now = Math.floor(Date.now() / 1000);
      const failed = stripeEvent('invoice.payment_failed', { ...invoice, status: 'open' }, now - 60);
      const paid = stripeEvent('invoice.paid', { ...invoice, status: 'paid' }, now);

      await deliver(paid).expect(200);
      await deliver(failed).expect(200);

      const overview = await agent.get('/api/subscription').expect(200);
      expect(overview.body.subscription).toMatchObject({ paymentFailedAt: null, graceEndsAt: null });
      expect(overview.body.limitedToFree).toBe(false);
    });
  });

  describe('checkout outcome for /subscribe', () => {
    it("when asked about another client's session, then 404; an open one is pending; a cancelled one cancelled", async () => {
      const plan = await paidPlan();
      const owner = await signedInClient();
      const other = await signedInClient();
      const { sessionId } = await startCheckout(owner.agent, plan.id);

      expect((await other.agent.get(`/api/checkout/sessions/${sessionId}`)).status).toBe(404);
      expect((await owner.agent.get('/api/checkout/sessions/not-a-session')).status).toBe(400);
      const pending = await owner.agent.get(`/api/checkout/sessions/${sessionId}`).expect(200);
      expect(pending.body).toMatchObject({ status: 'pending', plan: { id: plan.id } });

      await owner.agent.post('/api/checkout/cancel').expect(200, { cancelled: 1 });

      expect(stripe.sessions.get(sessionId)!.status).toBe('expired');
      const cancelled = await owner.agent.get(`/api/checkout/sessions/${sessionId}`).expect(200);
      expect(cancelled.body.status).toBe('cancelled');
    });
  });

  describe('customer portal', () => {
    it('when the client has no Stripe customer, then 400; with one, the portal URL returning to Settings › Plan', async () => {
      const plan = await paidPlan();
      const { agent } = await signedInClient();
      const none = await agent.post('/api/billing/portal');
      expect(none.status).toBe(400);
      expect(none.body.message).toBe(NO_BILLING_ACCOUNT);

      const { sessionId } = await startCheckout(agent, plan.id);
      for (const event of stripe.completionEvents(sessionId)) await deliver(event).expect(200);
      const portal = await agent.post('/api/billing/portal').expect(200);

      expect(portal.body.url).toMatch(new RegExp(`^${stripe.url}/portal/cus_`));
      const [request] = stripe.requestsTo('POST', '/v1/billing_portal/sessions').slice(-1);
      expect(request!.body).toMatchObject({ return_url: `${BASE}/settings?tab=plan` });
    });
  });
});
