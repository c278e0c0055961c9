import { eq } from 'drizzle-orm';
import type { Express } from 'express';
import supertest from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobs, webhookDeliveries, webhookEndpoints } from '../../../db/schema';
import type { AppContext } from '../../../lib/context';
import { createUrlPolicy, type UrlPolicy } from '../../../lib/url-policy';
import { createTestBackground, type TestBackground } from '../../../testing/background';
import {
  createContact,
  createLocation,
  createReview,
  createReviewRequest,
  createUser,
  signedInAgent,
} from '../../../testing/factories';
import { createTestApp, createTestContext, localReceiverPolicy } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import {
  startWebhookReceiver,
  verifySignature,
  type WebhookReceiver,
} from '../../../testing/webhook-receiver';

const ALL_EVENTS = ['review.created', 'review.responded', 'review_request.completed'];

describe.each(testDatabaseKinds)('outgoing webhooks on %s', (kind) => {
  let database: TestDatabase;
  let ctx: AppContext;
  let app: Express;
  let background: TestBackground;
  let receiver: WebhookReceiver;
  /** What the app's URL policy does: the tests' local receiver allowed, unless a test swaps it. */
  let policy: UrlPolicy = localReceiverPolicy;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ctx = createTestContext(database.handle.db, {}, { webhookUrls: { check: (url) => policy.check(url) } });
    app = createTestApp(database.handle.db, {}, ctx);
    background = createTestBackground(database.handle.db, {}, ctx);
    receiver = await startWebhookReceiver();
  });
  afterEach(() => {
    policy = localReceiverPolicy;
    receiver.received.length = 0;
  });
  afterAll(async () => {
    await receiver?.close();
    await database?.drop();
  });

  const db = () => database.handle.db;

  async function owner(events = ALL_EVENTS) {
    const user = await createUser(db());
    const location = await createLocation(db(), user.id);
    const agent = await signedInAgent(app, user);
    const res = await agent.post('/api/webhooks').send({ url: receiver.url, events }).expect(201);
    return { user, location, agent, endpointId: res.body.id as number, secret: res.body.secret as string };
  }

  const deliveriesOf = (endpointId: number) =>
    db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));

  it('when an endpoint is added, then its secret is answered once and kept encrypted', async () => {
    const o = await owner();
    expect(o.secret).toMatch(/^whsec_/);
    const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, o.endpointId));
    expect(row!.secret).not.toContain(o.secret);
    expect(ctx.secretBox.decrypt(row!.secret)).toBe(o.secret);
    const list = await o.agent.get('/api/webhooks').expect(200);
    expect(list.body).toEqual([expect.objectContaining({ id: o.endpointId, url: receiver.url })]);
    expect(JSON.stringify(list.body)).not.toContain(o.secret);
  });

  it('when the test event is sent, then the receiver gets it signed with the endpoint secret and the log shows it delivered', async () => {
    const o = await owner();
    await o.agent.post(`/api/webhooks/${o.endpointId}/test`).expect(202);
    await background.drain();
    expect(receiver.received).toHaveLength(1);
    const [hook] = receiver.received;
    expect(hook!.json.type).toBe('webhook.test');
    const header = hook!.headers['reviewflow-signature'] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(o.secret, header, hook!.body)).toBe(true);
    // Another secret, or a changed body, does not verify.
    expect(verifySignature('whsec_other', header, hook!.body)).toBe(false);
    expect(verifySignature(o.secret, header, hook!.body.replace('test', 'tost'))).toBe(false);

    const log = await o.agent.get(`/api/webhooks/${o.endpointId}/deliveries`).expect(200);
    expect(log.body).toEqual([
      expect.objectContaining({
        event: 'webhook.test',
        status: 'delivered',
        attempts: 1,
        responseStatus: 200,
      }),
    ]);
  });

  it('when the receiver answers 500, then the delivery waits a minute and the retry delivers it', async () => {
    const o = await owner();
    receiver.answerWith(500);
    await o.agent.post(`/api/webhooks/${o.endpointId}/test`).expect(202);
    await background.drain();
    const [failed] = await deliveriesOf(o.endpointId);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500 });
    expect(failed!.lastError).toBe('The endpoint answered 500');
    const wait = failed!.nextAttemptAt!.getTime() - Date.now();
    expect(wait).toBeGreaterThan(50_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    // The queue's job sleeps as long as the log says.
    const [job] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `webhook-delivery:${failed!.id}`));
    expect(job).toMatchObject({ status: 'pending', attempts: 1, maxAttempts: 6 });
    expect(Math.abs(job!.runAt.getTime() - failed!.nextAttemptAt!.getTime())).toBeLessThan(5_000);

    await background.makeDue();
    await background.drain();
    const [delivered] = await deliveriesOf(o.endpointId);
    expect(delivered).toMatchObject({
      status: 'delivered',
      attempts: 2,
      responseStatus: 200,
      lastError: null,
    });
    expect(receiver.received).toHaveLength(2);
    // Both attempts carry the same event id, so the receiver can tell a repeat.
    expect(receiver.received[0]!.json.id).toBe(receiver.received[1]!.json.id);
  });

  it('when a customer leaves a review through their request link, then review.created and review_request.completed are sent', async () => {
    const o = await owner();
    const contact = await createContact(db(), o.user.id);
    const request = await createReviewRequest(db(), o.user.id, o.location.id, { contactId: contact.id });
    await supertest(app)
      .post(`/api/public/review/${request.uniqueLink}`)
      .send({ rating: 4, content: 'Very good coffee', name: 'Jordan' })
      .expect(200);
    await background.drain();
    const types = receiver.received.map((r) => r.json.type).sort();
    expect(types).toEqual(['review.created', 'review_request.completed']);
    const created = receiver.received.find((r) => r.json.type === 'review.created')!;
    expect(created.json.data).toMatchObject({ review: { rating: 4, content: 'Very good coffee' } });
    const completed = receiver.received.find((r) => r.json.type === 'review_request.completed')!;
    expect(completed.json.data).toMatchObject({
      reviewRequest: { id: request.id, contactId: contact.id },
      review: { rating: 4 },
    });
    for (const hook of receiver.received)
      expect(verifySignature(o.secret, hook.headers['reviewflow-signature'] as string, hook.body)).toBe(true);
  });

  it('when the owner replies to a review, then review.responded is sent only to endpoints that asked for it', async () => {
    const o = await owner(['review.responded']);
    const other = await o.agent
      .post('/api/webhooks')
      .send({ url: `${receiver.url}?other`, events: ['review.created'] })
      .expect(201);
    const review = await createReview(db(), o.user.id, { locationId: o.location.id });
    await o.agent
      .post(`/api/reviews/${review.id}/response`)
      .send({ responseContent: 'Thank you!' })
      .expect(200);
    await background.drain();
    expect(receiver.received.map((r) => r.json.type)).toEqual(['review.responded']);
    expect(receiver.received[0]!.json.data).toMatchObject({
      review: { id: review.id },
      response: { content: 'Thank you!', edited: false },
    });
    expect(await deliveriesOf(other.body.id as number)).toHaveLength(0);
  });

  it('when a reply is refused, then no event is sent', async () => {
    const o = await owner();
    const review = await createReview(db(), o.user.id, { responseContent: 'Old', respondedAt: new Date() });
    // A first answer to a review already answered is refused: nothing is written, nothing is sent.
    await o.agent.post(`/api/reviews/${review.id}/response`).send({ responseContent: 'Again' }).expect(409);
    expect(await deliveriesOf(o.endpointId)).toHaveLength(0);
  });

  it('when the URL is http or resolves to a private address, then it is refused with a clear 400', async () => {
    policy = createUrlPolicy({
      resolve: async (host) =>
        host === 'intranet.example.com'
          ? [{ address: '10.1.2.3', family: 4 }]
          : [{ address: '93.184.215.14', family: 4 }],
    });
    const user = await createUser(db());
    const agent = await signedInAgent(app, user);
    const cases: [string, RegExp][] = [
      ['http://hooks.example.com/in', /must start with https/],
      ['https://127.0.0.1/in', /not a public internet address/],
      ['https://10.0.0.8/in', /not a public internet address/],
      ['https://169.254.169.254/latest/meta-data', /not a public internet address/],
      ['https://[::1]/in', /not a public internet address/],
      ['https://[::ffff:192.168.1.1]/in', /not a public internet address/],
      ['https://intranet.example.com/in', /intranet\.example\.com is not a public internet address/],
      ['not a url', /full URL/],
    ];
    for (const [url, message] of cases) {
      const res = await agent
        .post('/api/webhooks')
        .send({ url, events: ['review.created'] })
        .expect(400);
      expect(res.body).toMatchObject({ code: 'url_not_allowed', message: expect.stringMatching(message) });
      expect(res.body.details.url).toEqual([res.body.message]);
    }
    expect(await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.ownerId, user.id))).toEqual(
      [],
    );
    await agent
      .post('/api/webhooks')
      .send({ url: 'https://hooks.example.com/in', events: ['review.created'] })
      .expect(201);
  });

  it('when the host turns private after registration, then the delivery is not sent and says why', async () => {
    const o = await owner();
    // DNS now points the receiver's name at a private address: the check at delivery refuses it.
    policy = createUrlPolicy({
      allowHttp: true,
      resolve: async () => [{ address: '192.168.0.10', family: 4 }],
    });
    await o.agent.post(`/api/webhooks/${o.endpointId}/test`).expect(202);
    await background.drain();
    expect(receiver.received).toHaveLength(0);
    const [delivery] = await deliveriesOf(o.endpointId);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1 });
    expect(delivery!.lastError).toMatch(/not a public internet address/);
  });

  it('when another client names an endpoint, then it is not found and nothing is sent or removed', async () => {
    const a = await owner();
    const b = await createUser(db());
    const bAgent = await signedInAgent(app, b);
    await bAgent.get(`/api/webhooks/${a.endpointId}/deliveries`).expect(404);
    await bAgent.post(`/api/webhooks/${a.endpointId}/test`).expect(404);
    await bAgent.delete(`/api/webhooks/${a.endpointId}`).expect(404);
    expect((await bAgent.get('/api/webhooks').expect(200)).body).toEqual([]);
    expect(await deliveriesOf(a.endpointId)).toHaveLength(0);
    // The owner removes it: it stops getting events.
    await a.agent.delete(`/api/webhooks/${a.endpointId}`).expect(204);
    expect((await a.agent.get('/api/webhooks').expect(200)).body).toEqual([]);
  });
});
