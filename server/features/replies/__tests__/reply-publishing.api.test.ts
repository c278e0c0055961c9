import { and, eq, sql } from 'drizzle-orm';
import type { Express } from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REPLY_ALREADY_WAITING, REPLY_NOT_WAITING } from '@shared/schemas/reviews';
import { jobs, locations, notifications, reviews } from '../../../db/schema';
import type { AppContext } from '../../../lib/context';
import { createSecretBox } from '../../../lib/crypto';
import { createTestBackground, type TestBackground } from '../../../testing/background';
import { createLocation, createReview, createUser, signedInAgent } from '../../../testing/factories';
import { facebookRating, startFakeFacebook, type FakeFacebook } from '../../../testing/fake-facebook';
import { startFakeGoogle, type FakeGoogle } from '../../../testing/fake-google';
import { googleConnectedLocation } from '../../../testing/google-connection';
import { createTestApp, createTestContext } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { REPLY_MAX_ATTEMPTS, REPLY_RETRY_DELAYS_MS } from '../replies.service';

const KEY = 'e'.repeat(64);
const secretBox = createSecretBox(KEY);
const MINUTE = 60_000;

describe.each(testDatabaseKinds)('a reply its site did not take (issue 41) on %s', (kind) => {
  let database: TestDatabase;
  let google: FakeGoogle;
  let facebook: FakeFacebook;
  let ctx: AppContext;
  let app: Express;
  let background: TestBackground;
  let nextPage = kind === 'pglite' ? 700_000 : 800_000;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    google = await startFakeGoogle({ clientId: 'client-p', clientSecret: 'secret-p' });
    facebook = await startFakeFacebook({ appId: 'fb-p', appSecret: 'fb-secret-p' });
    const env = {
      TOKEN_ENCRYPTION_KEY: KEY,
      GOOGLE_CLIENT_ID: 'client-p',
      GOOGLE_CLIENT_SECRET: 'secret-p',
      GOOGLE_API_BASE: google.url,
      GOOGLE_OAUTH_BASE: google.url,
      FACEBOOK_APP_ID: 'fb-p',
      FACEBOOK_APP_SECRET: 'fb-secret-p',
      FACEBOOK_API_BASE: facebook.url,
    };
    ctx = createTestContext(database.handle.db, env);
    app = createTestApp(database.handle.db, env, ctx);
    background = createTestBackground(database.handle.db, env, ctx);
  });
  afterAll(async () => {
    await google?.close();
    await facebook?.close();
    await database?.drop();
  });
  beforeEach(() => {
    google.requests.length = 0;
  });

  const db = () => database.handle.db;
  const reviewRow = async (id: number) => (await db().select().from(reviews).where(eq(reviews.id, id)))[0]!;
  const notificationsOf = (ownerId: number) =>
    db().select().from(notifications).where(eq(notifications.ownerId, ownerId));
  /** The queue's waiting attempts at this review's reply. */
  const retriesOf = (reviewId: number) =>
    db()
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.queue, 'publish-reply'),
          eq(jobs.status, 'pending'),
          sql`(${jobs.payload}->>'reviewId')::int = ${reviewId}`,
        ),
      );
  /** Google's reply path of this location's review: other tests' queued retries never match it. */
  const replyPath = (googleLocationId: string) =>
    new RegExp(`^/v4/${googleLocationId.replace(/[/]/g, '\\/')}/reviews/review-40/reply$`);
  const replyCalls = (googleLocationId: string) =>
    google.requestsTo(replyPath(googleLocationId)).filter((r) => r.method === 'PUT');

  /** A client with a Google-connected location and one unanswered 2★ review imported from it. */
  async function googleReviewOfConnectedLocation() {
    const user = await createUser(db());
    const { location, googleLocationId } = await googleConnectedLocation(db(), google, secretBox, user.id, {
      tag: `p-${kind}`,
    });
    const review = await createReview(db(), user.id, {
      type: 'google',
      externalId: 'review-40',
      locationId: location.id,
      rating: 2,
    });
    // An answered one beside it, so the response rate is not 0 either way.
    await createReview(db(), user.id, { responseContent: 'Thanks', respondedAt: new Date() });
    return { user, location, review, googleLocationId, agent: await signedInAgent(app, user) };
  }

  /** The reply refused once by Google: it waits, attempt 1 made. */
  async function waitingReply() {
    const setup = await googleReviewOfConnectedLocation();
    google.failNext(replyPath(setup.googleLocationId), 503, 'Backend Error');
    const res = await setup.agent
      .post(`/api/reviews/${setup.review.id}/response`)
      .send({ responseContent: 'Sorry, Ann.' });
    expect(res.status).toBe(200);
    return setup;
  }

  it('when Google refuses a reply, then it waits as not on Google yet, the review stays unanswered in every figure, and a retry is queued a minute later', async () => {
    const { agent, review, googleLocationId } = await googleReviewOfConnectedLocation();
    const before = (await agent.get('/api/dashboard/stats').expect(200)).body;
    google.failNext(replyPath(googleLocationId), 503, 'Backend Error');

    const res = await agent
      .post(`/api/reviews/${review.id}/response`)
      .send({ responseContent: 'Sorry, Ann.' });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      responseContent: null,
      respondedAt: null,
      responsePublishedTo: null,
      pendingReply: 'Sorry, Ann.',
      replyPublishState: 'pending',
      replyPublishError: 'Google did not answer: Backend Error',
      published: 'none',
      notPublishedReason: 'Google did not answer: Backend Error',
    });
    expect(await reviewRow(review.id)).toMatchObject({
      responseContent: null,
      pendingReply: 'Sorry, Ann.',
      replyPublishAttempts: 1,
    });
    const after = (await agent.get('/api/dashboard/stats').expect(200)).body;
    expect(after.responseRate).toBe(before.responseRate);
    expect(after.pendingResponses).toBe(before.pendingResponses);
    const unanswered = await agent.get('/api/reviews?filter=unresponded').expect(200);
    expect(unanswered.body.map((r: { id: number }) => r.id)).toContain(review.id);
    const answered = await agent.get('/api/reviews?filter=responded').expect(200);
    expect(answered.body.map((r: { id: number }) => r.id)).not.toContain(review.id);

    const [retry] = await retriesOf(review.id);
    expect(retry!.payload).toMatchObject({ reviewId: review.id, attempt: 2 });
    const wait = retry!.runAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(MINUTE - 10_000);
    expect(wait).toBeLessThanOrEqual(MINUTE);
    // No bell yet: the owner saw the answer, and the queue is still trying.
    expect(await notificationsOf(review.ownerId)).toEqual([]);
  });

  it('when the queue retries, then it waits longer each time, and a later success makes the review Responded on Google', async () => {
    const { agent, review, googleLocationId, user } = await waitingReply();
    google.failNext(replyPath(googleLocationId), 503, 'Still down');
    google.failNext(replyPath(googleLocationId), 503, 'Still down');

    for (const [attempt, wait] of [
      [2, REPLY_RETRY_DELAYS_MS[1]!],
      [3, REPLY_RETRY_DELAYS_MS[2]!],
    ] as const) {
      await background.makeDue();
      await background.drain();
      const [next] = await retriesOf(review.id);
      expect(next!.payload).toMatchObject({ attempt: attempt + 1 });
      expect(next!.runAt.getTime() - Date.now()).toBeGreaterThan(wait - 10_000);
      expect(next!.runAt.getTime() - Date.now()).toBeLessThanOrEqual(wait);
      expect(await reviewRow(review.id)).toMatchObject({
        replyPublishState: 'pending',
        replyPublishAttempts: attempt,
        replyPublishError: 'Google did not answer: Still down',
        responseContent: null,
      });
    }

    await background.makeDue();
    await background.drain();

    const shown = (await agent.get(`/api/reviews/${review.id}`).expect(200)).body;
    expect(shown).toMatchObject({
      responseContent: 'Sorry, Ann.',
      responsePublishedTo: 'google',
      pendingReply: null,
      replyPublishState: null,
      replyPublishError: null,
    });
    expect(shown.respondedAt).not.toBeNull();
    expect(google.reviewsOf(googleLocationId)[0]!.reviewReply?.comment).toBe('Sorry, Ann.');
    expect(replyCalls(googleLocationId)).toHaveLength(4);
    expect(await retriesOf(review.id)).toEqual([]);
    expect(await notificationsOf(user.id)).toEqual([]);
  });

  it('when a Facebook comment is refused and then taken, then the review keeps the comment id Facebook gave', async () => {
    const user = await createUser(db());
    const pageId = String((nextPage += 1));
    const page = facebook.addPage(pageId, `p${pageId}`, [
      facebookRating(7, { open_graph_story: { id: `88${pageId}` } }),
    ]);
    const location = await createLocation(db(), user.id, {
      facebookPageId: pageId,
      facebookAccessToken: secretBox.encrypt(page.token),
    });
    const review = await createReview(db(), user.id, {
      type: 'facebook',
      externalId: `88${pageId}`,
      locationId: location.id,
    });
    const agent = await signedInAgent(app, user);
    facebook.failNext(/\/comments$/, 500, 'An unexpected error has occurred', { code: 2 });

    const first = await agent.post(`/api/reviews/${review.id}/response`).send({ responseContent: 'Thanks!' });
    expect(first.body).toMatchObject({ replyPublishState: 'pending', responseContent: null });
    await background.makeDue();
    await background.drain();

    const comment = facebook.comments.find((c) => c.storyId === `88${pageId}`)!;
    expect(await reviewRow(review.id)).toMatchObject({
      responseContent: 'Thanks!',
      responsePublishedTo: 'facebook',
      responseExternalId: comment.id,
      pendingReply: null,
    });
  });

  it('when every attempt is refused, then the reply has failed with the reason and the owner finds it in the bell', async () => {
    const { agent, review, user, googleLocationId } = await waitingReply();
    for (let i = 2; i <= REPLY_MAX_ATTEMPTS; i += 1) {
      google.failNext(replyPath(googleLocationId), 503, 'Down for good');
    }

    for (let i = 2; i <= REPLY_MAX_ATTEMPTS; i += 1) {
      await background.makeDue();
      await background.drain();
    }

    expect(replyCalls(googleLocationId)).toHaveLength(REPLY_MAX_ATTEMPTS);
    expect(await retriesOf(review.id)).toEqual([]);
    const shown = (await agent.get(`/api/reviews/${review.id}`).expect(200)).body;
    expect(shown).toMatchObject({
      responseContent: null,
      pendingReply: 'Sorry, Ann.',
      replyPublishState: 'failed',
      replyPublishError: 'Google did not answer: Down for good',
    });
    expect(await notificationsOf(user.id)).toMatchObject([
      {
        kind: 'reply_failed',
        title: 'A reply was not published',
        body: 'Not on the site: Google did not answer: Down for good. Open the review to try again, change or discard it.',
        target: `/reviews?review=${review.id}`,
        reviewId: review.id,
      },
    ]);

    // The owner tries again once Google is back: it is published at once.
    const retried = await agent.post(`/api/reviews/${review.id}/response/retry`).expect(200);
    expect(retried.body).toMatchObject({
      published: 'google',
      responseContent: 'Sorry, Ann.',
      replyPublishState: null,
    });
  });

  it('when Google no longer accepts the grant, then the reply fails at once asking to connect again, and is not retried', async () => {
    const { agent, review, user, location } = await googleReviewOfConnectedLocation();
    await db()
      .update(locations)
      .set({ googleTokenExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(locations.id, location.id));
    google.revokeAll();

    const res = await agent.post(`/api/reviews/${review.id}/response`).send({ responseContent: 'Thanks' });

    expect(res.body).toMatchObject({
      published: 'none',
      notPublishedReason: 'Google must be connected again',
      replyPublishState: 'failed',
      replyPublishError: 'Google must be connected again',
      responseContent: null,
      pendingReply: 'Thanks',
    });
    expect(await retriesOf(review.id)).toEqual([]);
    const kinds = (await notificationsOf(user.id)).map((n) => n.kind).sort();
    expect(kinds).toEqual(['integration_reconnect', 'reply_failed']);
  });

  it('when two retries come at the same moment, then Google is asked once', async () => {
    const { agent, review, googleLocationId } = await waitingReply();
    google.requests.length = 0;

    const answers = await Promise.all([
      agent.post(`/api/reviews/${review.id}/response/retry`),
      agent.post(`/api/reviews/${review.id}/response/retry`),
    ]);

    expect(replyCalls(googleLocationId)).toHaveLength(1);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = answers.find((r) => r.status === 409)!;
    expect(['This reply is being published right now', REPLY_NOT_WAITING]).toContain(loser.body.message);
    expect(await reviewRow(review.id)).toMatchObject({ responseContent: 'Sorry, Ann.', pendingReply: null });
    // The retry queued after the first refusal finds nothing left to do.
    await background.makeDue();
    await background.drain();
    expect(replyCalls(googleLocationId)).toHaveLength(1);
  });

  it('when a reply waits, then a second answer is refused, an edit tries the new words at once, and discarding forgets it', async () => {
    const { agent, review, googleLocationId } = await waitingReply();

    const again = await agent.post(`/api/reviews/${review.id}/response`).send({ responseContent: 'Hello' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(REPLY_ALREADY_WAITING);

    google.failNext(replyPath(googleLocationId), 503, 'Busy');
    const edited = await agent
      .put(`/api/reviews/${review.id}/response`)
      .send({ responseContent: 'Sorry, Ann. Come back soon.' })
      .expect(200);
    expect(edited.body).toMatchObject({
      pendingReply: 'Sorry, Ann. Come back soon.',
      replyPublishState: 'pending',
      replyPublishError: 'Google did not answer: Busy',
      published: 'none',
    });
    expect((await reviewRow(review.id)).replyPublishAttempts).toBe(1);

    const discarded = await agent.delete(`/api/reviews/${review.id}/response`).expect(200);
    expect(discarded.body).toMatchObject({
      pendingReply: null,
      replyPublishState: null,
      responseContent: null,
    });
    await background.makeDue();
    await background.drain();
    expect(google.reviewsOf(googleLocationId)[0]!.reviewReply).toBeUndefined();
    await agent.post(`/api/reviews/${review.id}/response/retry`).expect(409);
  });

  it('when an edit of a reply already on Google is refused, then Google keeps showing the first words, the review stays Responded, and the new words wait', async () => {
    const { agent, review, googleLocationId } = await googleReviewOfConnectedLocation();
    const first = await agent.post(`/api/reviews/${review.id}/response`).send({ responseContent: 'First' });
    google.failNext(replyPath(googleLocationId), 503, 'Busy');

    const res = await agent.put(`/api/reviews/${review.id}/response`).send({ responseContent: 'Better' });

    expect(res.body).toMatchObject({
      responseContent: 'First',
      responsePublishedTo: 'google',
      pendingReply: 'Better',
      replyPublishState: 'pending',
    });
    await background.makeDue();
    await background.drain();
    const row = await reviewRow(review.id);
    expect(row).toMatchObject({ responseContent: 'Better', pendingReply: null });
    // Response times measure the first answer.
    expect(row.respondedAt!.toISOString()).toBe(first.body.respondedAt);
    expect(google.reviewsOf(googleLocationId)[0]!.reviewReply?.comment).toBe('Better');
  });

  it('when the list is filtered by unpublished, then it finds the waiting and failed replies only, with their count', async () => {
    const user = await createUser(db());
    const waiting = await createReview(db(), user.id, {
      type: 'google',
      pendingReply: 'Hi',
      replyPublishState: 'pending',
      replyPublishError: 'Google did not answer',
    });
    const failed = await createReview(db(), user.id, {
      type: 'facebook',
      pendingReply: 'Hi',
      replyPublishState: 'failed',
      replyPublishError: 'Facebook must be connected again',
    });
    await createReview(db(), user.id, { responseContent: 'Thanks', respondedAt: new Date() });
    await createReview(db(), user.id);
    const agent = await signedInAgent(app, user);

    const res = await agent.get('/api/reviews?filter=unpublished&page=1&pageSize=10').expect(200);

    expect(res.body.map((r: { id: number }) => r.id).sort()).toEqual([waiting.id, failed.id].sort());
    expect(res.headers['x-total-count']).toBe('2');
    const stranger = await signedInAgent(app, await createUser(db()));
    const none = await stranger.get('/api/reviews?filter=unpublished').expect(200);
    expect(none.body).toEqual([]);
  });
});
