import { createPublicKey, verify } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Express } from 'express';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PushMessage } from '@shared/push';
import { pushSubscriptions, reviews } from '../../../db/schema';
import type { AppContext } from '../../../lib/context';
import { createTestBackground, type TestBackground } from '../../../testing/background';
import { createLocation, createMember, createUser, signedInAgent } from '../../../testing/factories';
import { browserKeys, startPushService, type PushService } from '../../../testing/push-receiver';
import { agentFor, createTestApp, createTestContext, localReceiverPolicy } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';

/** The claims of a VAPID JWT, checked against the key the server publishes (RFC 8292). */
function verifiedVapidClaims(authorization: string, publicKey: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization);
  expect(match, authorization).not.toBeNull();
  const [, jwt, k] = match!;
  expect(k).toBe(publicKey);
  const [header, payload, signature] = jwt!.split('.') as [string, string, string];
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(signed).toBe(true);
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    aud: string;
    exp: number;
    sub: string;
  };
}

describe.each(testDatabaseKinds)('Web Push on %s', (kind) => {
  let database: TestDatabase;
  let ctx: AppContext;
  let app: Express;
  let background: TestBackground;
  let pushService: PushService;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ctx = createTestContext(database.handle.db, {}, { webhookUrls: localReceiverPolicy });
    app = createTestApp(database.handle.db, {}, ctx);
    background = createTestBackground(database.handle.db, {}, ctx);
    pushService = await startPushService();
  });
  afterEach(() => {
    pushService.received.length = 0;
  });
  afterAll(async () => {
    await pushService?.close();
    await database?.drop();
  });

  const db = () => database.handle.db;

  /** A device of `agent`'s user that receives push, and its browser's keys. */
  async function device(
    agent: Awaited<ReturnType<typeof signedInAgent>>,
    options: { everyReview?: boolean } = {},
  ) {
    const keys = browserKeys();
    const endpoint = pushService.endpoint();
    await agent
      .post('/api/push/subscriptions')
      .send({
        endpoint,
        keys: { p256dh: keys.p256dh, auth: keys.auth },
        deviceLabel: 'Chrome on Android',
        ...options,
      })
      .expect(201);
    return { keys, endpoint, path: new URL(endpoint).pathname };
  }

  async function client() {
    const user = await createUser(db(), { companyName: 'Bella Pasta' });
    const location = await createLocation(db(), user.id, { name: 'Bella Pasta Soho' });
    return { user, location, agent: await signedInAgent(app, user) };
  }

  /** A customer leaves a review on the location's public page; the queue then runs to the end. */
  async function customerReviews(location: { id: number; publicLink: string }, rating: number, content = '') {
    await agentFor(app)
      .post(`/api/public/review/${location.publicLink}`)
      .send({ rating, name: 'Ann', content })
      .expect(200);
    await background.drain();
    const [review] = await db().select().from(reviews).where(eq(reviews.locationId, location.id));
    return review!;
  }

  const pushesTo = (path: string) => pushService.received.filter((push) => push.path === path);

  it('when a customer leaves a low review, then the owner’s device gets it encrypted to its keys and signed with the published VAPID key', async () => {
    const { location, agent } = await client();
    const phone = await device(agent);
    const { publicKey } = (await agent.get('/api/push/key').expect(200)).body as { publicKey: string };

    const review = await customerReviews(
      location,
      2,
      'The soup was cold and the waiter forgot our order twice.',
    );

    const [push] = pushesTo(phone.path);
    expect(pushesTo(phone.path)).toHaveLength(1);
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
    const claims = verifiedVapidClaims(String(push!.headers.authorization), publicKey);
    expect(claims.aud).toBe(new URL(phone.endpoint).origin);
    expect(JSON.parse(phone.keys.decrypt(push!.body))).toEqual({
      title: 'Bella Pasta: a new 2-star review',
      body: '★★☆☆☆ Ann: The soup was cold and the waiter forgot our order twice.',
      url: `/reviews?review=${review.id}`,
      tag: `review-${review.id}`,
    });
    const [saved] = (await agent.get('/api/push/subscriptions').expect(200)).body as {
      lastPushedAt: string;
    }[];
    expect(saved!.lastPushedAt).not.toBeNull();
  });

  it('when a review is above the alert rating, then only the devices that asked for every review hear of it', async () => {
    const { location, agent } = await client();
    const lowOnly = await device(agent);
    const everything = await device(agent, { everyReview: true });

    await customerReviews(location, 5, 'Lovely!');

    expect(pushesTo(lowOnly.path)).toHaveLength(0);
    expect(pushesTo(everything.path)).toHaveLength(1);
    expect(JSON.parse(everything.keys.decrypt(pushesTo(everything.path)[0]!.body))).toMatchObject({
      body: '★★★★★ Ann: Lovely!',
    });
  });

  it('when the push service says the subscription is gone (410), then the device is forgotten', async () => {
    const { location, agent } = await client();
    await device(agent);
    pushService.answerWith(410);

    await customerReviews(location, 1);

    expect((await agent.get('/api/push/subscriptions').expect(200)).body).toEqual([]);
  });

  it('when the push service fails, then the push is tried again later and reaches the device', async () => {
    const { location, agent } = await client();
    const phone = await device(agent);
    pushService.answerWith(503);

    await customerReviews(location, 1);
    expect(pushesTo(phone.path)).toHaveLength(1);
    await background.makeDue();
    await background.drain();

    expect(pushesTo(phone.path)).toHaveLength(2);
    expect(phone.keys.decrypt(pushesTo(phone.path)[1]!.body)).toContain('★☆☆☆☆');
  });

  it('when a member may see only other locations, then their devices hear nothing of this one; a member of it does', async () => {
    const { user, location } = await client();
    const elsewhere = await createLocation(db(), user.id, { name: 'Bella Pasta Camden' });
    const limited = await createMember(db(), user.id, { role: 'responder', locationIds: [elsewhere.id] });
    const here = await createMember(db(), user.id, { role: 'responder', locationIds: [location.id] });
    const limitedPhone = await device(await signedInAgent(app, limited.user));
    const herePhone = await device(await signedInAgent(app, here.user));

    await customerReviews(location, 1);

    expect(pushesTo(limitedPhone.path)).toHaveLength(0);
    expect(pushesTo(herePhone.path)).toHaveLength(1);
  });

  it('when a customer answers on their feedback case, then every device that hears of the review gets each answer, whatever its alert rating', async () => {
    const { user, location, agent } = await client();
    const elsewhere = await createLocation(db(), user.id, { name: 'Bella Pasta Camden' });
    const limited = await createMember(db(), user.id, { role: 'responder', locationIds: [elsewhere.id] });
    const limitedPhone = await device(await signedInAgent(app, limited.user));
    const phone = await device(agent);
    await agent
      .put('/api/notification-settings')
      .send({ instantAlerts: true, alertMaxRating: 1, weeklyDigest: false })
      .expect(200);
    const review = await customerReviews(location, 3, 'The pasta was cold.');
    expect(pushesTo(phone.path)).toHaveLength(0);

    const answer = (messageId: number, body: string) =>
      db().transaction((tx) =>
        ctx.events.emit(tx, {
          type: 'feedback.answered',
          ownerId: user.id,
          reviewId: review.id,
          messageId,
          customerName: 'Nora Quinn',
          body,
        }),
      );
    await answer(101, 'Yes please, after 5pm.');
    await answer(102, 'Thank you, see you Friday.');
    await background.drain();

    const told = pushesTo(phone.path).map((push) => JSON.parse(phone.keys.decrypt(push.body)) as PushMessage);
    expect(told.sort((a, b) => a.tag.localeCompare(b.tag))).toEqual([
      {
        title: 'Bella Pasta: Nora Quinn answered',
        body: '“Yes please, after 5pm.”',
        url: `/reviews?review=${review.id}`,
        tag: 'feedback-101',
      },
      expect.objectContaining({ body: '“Thank you, see you Friday.”', tag: 'feedback-102' }),
    ]);
    expect(pushesTo(limitedPhone.path)).toHaveLength(0);
  });

  it('when the owner removes a member, then the member’s devices are unsubscribed at once', async () => {
    const { user, location, agent } = await client();
    const { user: memberUser, member } = await createMember(db(), user.id, { role: 'responder' });
    const phone = await device(await signedInAgent(app, memberUser));

    await agent.delete(`/api/team/members/${member.id}`).expect(204);
    expect(
      await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, memberUser.id)),
    ).toEqual([]);

    await customerReviews(location, 1);
    expect(pushesTo(phone.path)).toHaveLength(0);
  });

  it('when a device is turned off, then only its own user can do it, and bad subscriptions are refused with a message', async () => {
    const { agent } = await client();
    const { agent: other } = await client();
    const phone = await device(agent);

    await other.delete('/api/push/subscriptions').send({ endpoint: phone.endpoint }).expect(404);
    await agent.delete('/api/push/subscriptions').send({ endpoint: phone.endpoint }).expect(204);
    expect((await agent.get('/api/push/subscriptions').expect(200)).body).toEqual([]);

    const bad = await agent
      .post('/api/push/subscriptions')
      .send({ endpoint: 'not a url', keys: {} })
      .expect(400);
    expect(bad.body.message).toEqual(expect.any(String));
    const privateAddress = await agent
      .post('/api/push/subscriptions')
      .send({ endpoint: 'https://10.0.0.7/push/x', keys: browserKeys() })
      .expect(400);
    expect(privateAddress.body.message).toMatch(/^The push endpoint is refused/);
  });

  it('when an admin is inside a client’s area, then push is refused: alerts are for the business’s own team', async () => {
    const { user } = await client();
    const admin = await createUser(db(), { role: 'admin' });
    const adminAgent = await signedInAgent(app, admin);

    const res = await adminAgent.get(`/api/admin/clients/${user.id}/push/subscriptions`).expect(403);
    expect(res.body.message).toBe("Push alerts are for the business's own team.");
  });
});
