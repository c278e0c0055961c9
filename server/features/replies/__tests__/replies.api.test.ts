import { eq } from 'drizzle-orm';
import type { Express } from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REVIEW_ALREADY_ANSWERED, REVIEW_NOT_ANSWERED } from '@shared/schemas/reviews';
import { locations, notifications, reviews } from '../../../db/schema';
import { createSecretBox } from '../../../lib/crypto';
import { createLocation, createReview, createUser, signedInAgent } from '../../../testing/factories';
import { facebookRating, startFakeFacebook, type FakeFacebook } from '../../../testing/fake-facebook';
import { startFakeGoogle, type FakeGoogle } from '../../../testing/fake-google';
import { googleConnectedLocation } from '../../../testing/google-connection';
import { createTestApp } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';

const KEY = 'd'.repeat(64);
const secretBox = createSecretBox(KEY);

describe.each(testDatabaseKinds)('answering a review: one server decision on %s', (kind) => {
  let database: TestDatabase;
  let google: FakeGoogle;
  let facebook: FakeFacebook;
  let app: Express;
  let nextPage = kind === 'pglite' ? 500_000 : 600_000;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    google = await startFakeGoogle({ clientId: 'client-r', clientSecret: 'secret-r' });
    facebook = await startFakeFacebook({ appId: 'fb-r', appSecret: 'fb-secret-r' });
    app = createTestApp(database.handle.db, {
      TOKEN_ENCRYPTION_KEY: KEY,
      GOOGLE_CLIENT_ID: 'client-r',
      GOOGLE_CLIENT_SECRET: 'secret-r',
      GOOGLE_API_BASE: google.url,
      GOOGLE_OAUTH_BASE: google.url,
      FACEBOOK_APP_ID: 'fb-r',
      FACEBOOK_APP_SECRET: 'fb-secret-r',
      FACEBOOK_API_BASE: facebook.url,
    });
  });
  afterAll(async () => {
    await google?.close();
    await facebook?.close();
    await database?.drop();
  });
  beforeEach(() => {
    google.requests.length = 0;
    facebook.requests.length = 0;
  });

  const db = () => database.handle.db;
  const reviewRow = async (id: number) => (await db().select().from(reviews).where(eq(reviews.id, id)))[0]!;
  const notificationsOf = (ownerId: number) =>
    db().select().from(notifications).where(eq(notifications.ownerId, ownerId));

  /** A client with a Google-connected location and one review imported from it. */
  async function googleReviewOfConnectedLocation() {
    const user = await createUser(db());
    const { location, googleLocationId } = await googleConnectedLocation(db(), google, secretBox, user.id, {
      tag: `r-${kind}`,
    });
    const review = await createReview(db(), user.id, {
      type: 'google',
      externalId: 'review-40',
      locationId: location.id,
      rating: 2,
    });
    return { user, location, review, googleLocationId, agent: await signedInAgent(app, user) };
  }

  async function facebookReviewOfConnectedLocation() {
    const user = await createUser(db());
    const pageId = String((nextPage += 1));
    const page = facebook.addPage(pageId, `p${pageId}`, [
      facebookRating(7, { open_graph_story: { id: `77${pageId}` } }),
    ]);
    const location = await createLocation(db(), user.id, {
      facebookPageId: pageId,
      facebookAccessToken: secretBox.encrypt(page.token),
    });
    const review = await createReview(db(), user.id, {
      type: 'facebook',
      externalId: `77${pageId}`,
      locationId: location.id,
    });
    return { user, location, review, agent: await signedInAgent(app, user) };
  }

  describe('a Google review of a connected location', () => {
    it('when answered, then the reply is posted on Google first, then stored, and the answer says so', async () => {
      const { agent, review, googleLocationId } = await googleReviewOfConnectedLocation();

      const res = await agent
        .post(`/api/reviews/${review.id}/response`)
        .send({ responseContent: ' Sorry, Ann. ' });

      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: review.id,
        responseContent: 'Sorry, Ann.',
        responsePublishedTo: 'google',
        published: 'google',
        notPublishedReason: null,
      });
      expect(google.requestsTo(/\/reply$/)).toMatchObject([
        {
          method: 'PUT',
          path: `/v4/${googleLocationId}/reviews/review-40/reply`,
          body: { comment: 'Sorry, Ann.' },
        },
      ]);
      expect(google.reviewsOf(googleLocationId)[0]!.reviewReply?.comment).toBe('Sorry, Ann.');
      expect(await reviewRow(review.id)).toMatchObject({
        responseContent: 'Sorry, Ann.',
        responsePublishedTo: 'google',
      });

      const again = await agent.post(`/api/reviews/${review.id}/response`).send({ responseContent: 'Again' });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ message: REVIEW_ALREADY_ANSWERED, code: 'conflict' });
      expect(google.requestsTo(/\/reply$/)).toHaveLength(1);
    });

    it('when two first replies to a Google review come at the same moment, then Google is asked once and one reply stands', async () => {
      const { agent, review, googleLocationId } = await googleReviewOfConnectedLocation();

      const answers = await Promise.all(
        ['Sorry, Ann.', 'So sorry, Ann.'].map((responseContent) =>
          agent.post(`/api/reviews/${review.id}/response`).send({ responseContent }),
        ),
      );

      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = answers.find((r) => r.status === 200)!.body.responseContent as string;
      expect(google.requestsTo(/\/reply$/)).toMatchObject([{ method: 'PUT', body: { comment: winner } }]);
      expect(google.reviewsOf(googleLocationId)[0]!.reviewReply?.comment).toBe(winner);
      expect(await reviewRow(review.id)).toMatchObject({ responseContent: winner, pendingReply: null });
    });

    it('when a second first reply comes while the first is on its way to Google, then it is refused and Google is asked once', async () => {
      const { agent, review, googleLocationId } = await googleReviewOfConnectedLocation();
      const onGoogle = google.holdNext(/\/reply$/);

      const first = agent.post(`/api/reviews/${review.id}/response`).send({ responseContent: 'Sorry, Ann.' });
      const firstDone = first.then((r) => r);
      await onGoogle.reached;
      const second = await agent
        .post(`/api/reviews/${review.id}/response`)
        .send({ responseContent: 'So sorry, Ann.' });
      onGoogle.release();

      expect(second.status).toBe(409);
      expect((await firstDone).status).toBe(200);
      expect(google.requestsTo(/\/reply$/)).toHaveLength(1);
      expect(google.reviewsOf(googleLocationId)[0]!.reviewReply?.comment).toBe('Sorry, Ann.');
      expect(await reviewRow(review.id)).toMatchObject({
        responseContent: 'Sorry, Ann.',
        pendingReply: null,
      });
    });

    it('when two edits or two replies through the Google endpoint come at the same moment, then Google is asked once each time', async () => {
      const { agent, review, googleLocationId } = await googleReviewOfConnectedLocation();

      const strict = await Promise.all(
        ['Thanks, Ann.', 'Many thanks, Ann.'].map((reply) =>
          agent.post(`/api/integrations/google/reply/${review.id}`).send({ reply }),
        ),
      );
      expect(strict.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(google.requestsTo(/\/reply$/)).toHaveLength(1);

      const edits = await Promise.all(
        ['Thank you, Ann.', 'Thank you so much, Ann.'].map((responseContent) =>
          agent.put(`/api/reviews/${review.id}/response`).send({ responseContent }),
        ),
      );
      expect(edits.map((r) => r.status).sort()).toEqual([200, 409]);
      const edited = edits.find((r) => r.status === 200)!.body.responseContent as string;
      expect(google.requestsTo(/\/reply$/)).toHaveLength(2);
      expect(google.reviewsOf(googleLocationId)[0]!.reviewReply?.comment).toBe(edited);
      expect(await reviewRow(review.id)).toMatchObject({ responseContent: edited, pendingReply: null });
    });

    it('when Google fails, then the reply waits beside the review with the reason instead of counting as its response', async () => {
      const { agent, review, user } = await googleReviewOfConnectedLocation();
      google.failNext(/\/reply$/, 500, 'Backend Error');

      const res = await agent.post(`/api/reviews/${review.id}/response`).send({ responseContent: 'Thanks' });

      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        responseContent: null,
        responsePublishedTo: null,
        pendingReply: 'Thanks',
        replyPublishState: 'pending',
        published: 'none',
        notPublishedReason: 'Google did not answer: Backend Error',
      });
      expect(await reviewRow(review.id)).toMatchObject({
        responseContent: null,
        responsePublishedTo: null,
        pendingReply: 'Thanks',
      });
      // The queue tries again (reply-publishing.api.test.ts); the bell speaks only once it gives up.
      expect(await notificationsOf(user.id)).toEqual([]);
    });

    it('when Google no longer accepts the grant, then the reply has failed at once, and the location asks to be reconnected', async () => {
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
        responseContent: null,
      });
      const kinds = (await notificationsOf(user.id)).map((n) => n.kind).sort();
      expect(kinds).toEqual(['integration_reconnect', 'reply_failed']);
      const next = await createReview(db(), user.id, {
        type: 'google',
        externalId: 'review-41',
        locationId: location.id,
      });
      const later = await agent.post(`/api/reviews/${next.id}/response`).send({ responseContent: 'Hi' });
      expect(later.body).toMatchObject({
        published: 'none',
        notPublishedReason: 'Google must be connected again',
        replyPublishState: 'failed',
        pendingReply: 'Hi',
        responseContent: null,
      });
    });

    it('when the reply is edited, then Google shows the new text and the first answer time stays', async () => {
      const { agent, review, googleLocationId } = await googleReviewOfConnectedLocation();
      const first = await agent.post(`/api/reviews/${review.id}/response`).send({ responseContent: 'First' });

      const res = await agent
        .put(`/api/reviews/${review.id}/response`)
        .send({ responseContent: 'Better words' });

      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ responseContent: 'Better words', published: 'google' });
      expect(res.body.respondedAt).toBe(first.body.respondedAt);
      expect(google.reviewsOf(googleLocationId)[0]!.reviewReply?.comment).toBe('Better words');
    });

    it('when the reply is deleted, then it is deleted on Google and here', async () => {
      const { agent, review, googleLocationId } = await googleReviewOfConnectedLocation();
      await agent.post(`/api/reviews/${review.id}/response`).send({ responseContent: 'Oops' });

      const res = await agent.delete(`/api/reviews/${review.id}/response`);

      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ responseContent: null, respondedAt: null, published: 'google' });
      expect(google.requestsTo(/\/reply$/).map((r) => r.method)).toEqual(['PUT', 'DELETE']);
      expect(google.reviewsOf(googleLocationId)[0]!.reviewReply).toBeUndefined();
      expect(await reviewRow(review.id)).toMatchObject({ responseContent: null, responsePublishedTo: null });
    });

    it('when Google refuses the deletion, then nothing changes here either', async () => {
      const { agent, review } = await googleReviewOfConnectedLocation();
      await agent.post(`/api/reviews/${review.id}/response`).send({ responseContent: 'Stays' });
      google.failNext(/\/reply$/, 503, 'Unavailable');

      const res = await agent.delete(`/api/reviews/${review.id}/response`);

      expect(res.status).toBe(502);
      expect(res.body).toEqual({
        message: 'Google did not answer: Unavailable. The reply was kept.',
        code: 'upstream_failed',
      });
      expect(await reviewRow(review.id)).toMatchObject({
        responseContent: 'Stays',
        responsePublishedTo: 'google',
      });
    });
  });

  describe('a Facebook review of a connected page', () => {
    it('when answered, edited and deleted, then the Page comment follows each step', async () => {
      const { agent, review } = await facebookReviewOfConnectedLocation();

      const posted = await agent
        .post(`/api/reviews/${review.id}/response`)
        .send({ responseContent: 'Thanks!' });
      const comment = facebook.comments.at(-1)!;
      const edited = await agent
        .put(`/api/reviews/${review.id}/response`)
        .send({ responseContent: 'Thank you!' });
      const deleted = await agent.delete(`/api/reviews/${review.id}/response`);

      expect(posted.body).toMatchObject({ published: 'facebook', responsePublishedTo: 'facebook' });
      expect(comment).toMatchObject({ storyId: review.externalId, message: 'Thank you!', deleted: true });
      expect(edited.body).toMatchObject({ published: 'facebook', responseContent: 'Thank you!' });
      expect(deleted.body).toMatchObject({ published: 'facebook', responseContent: null });
      expect(facebook.comments.filter((c) => c.storyId === review.externalId)).toHaveLength(1);
    });
  });

  describe('reviews whose reply stays in ReviewFlow', () => {
    it("when a Google review's location is not connected, then it is stored and the answer says Google is not connected", async () => {
      const user = await createUser(db());
      const location = await createLocation(db(), user.id);
      const review = await createReview(db(), user.id, {
        type: 'google',
        externalId: 'g-1',
        locationId: location.id,
      });
      const agent = await signedInAgent(app, user);

      const res = await agent.post(`/api/reviews/${review.id}/response`).send({ responseContent: 'Thanks' });

      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        responseContent: 'Thanks',
        published: 'none',
        notPublishedReason: 'Google is not connected',
      });
      expect(google.requests).toHaveLength(0);
      expect(await notificationsOf(user.id)).toEqual([]);
    });

    it('when a private review is answered, then it is stored with no site and no reason', async () => {
      const user = await createUser(db());
      const review = await createReview(db(), user.id, { type: 'private' });
      const agent = await signedInAgent(app, user);

      const res = await agent.post(`/api/reviews/${review.id}/response`).send({ responseContent: 'Thanks' });

      expect(res.body).toMatchObject({
        published: 'none',
        notPublishedReason: null,
        responsePublishedTo: null,
      });
    });

    it('when editing or deleting an unanswered review, then it answers 409 and changes nothing', async () => {
      const user = await createUser(db());
      const review = await createReview(db(), user.id, { type: 'private' });
      const agent = await signedInAgent(app, user);

      const edit = await agent.put(`/api/reviews/${review.id}/response`).send({ responseContent: 'Hi' });
      const remove = await agent.delete(`/api/reviews/${review.id}/response`);

      expect(edit.status).toBe(409);
      expect(edit.body).toEqual({ message: REVIEW_NOT_ANSWERED, code: 'conflict' });
      expect(remove.status).toBe(409);
      expect((await reviewRow(review.id)).responseContent).toBeNull();
    });

    it("when another client's review is answered, edited or deleted, then it answers 404 and nothing reaches Google", async () => {
      const { review } = await googleReviewOfConnectedLocation();
      const stranger = await createUser(db());
      const agent = await signedInAgent(app, stranger);

      const answers = await Promise.all([
        agent.post(`/api/reviews/${review.id}/response`).send({ responseContent: 'Hi' }),
        agent.put(`/api/reviews/${review.id}/response`).send({ responseContent: 'Hi' }),
        agent.delete(`/api/reviews/${review.id}/response`),
      ]);

      expect(answers.map((r) => r.status)).toEqual([404, 404, 404]);
      expect(google.requests).toHaveLength(0);
      expect((await reviewRow(review.id)).responseContent).toBeNull();
    });
  });

  it("when an admin answers inside a client's area, then the reply goes to the client's Google", async () => {
    const { review, user } = await googleReviewOfConnectedLocation();
    const admin = await createUser(db(), { role: 'admin' });
    const agent = await signedInAgent(app, admin);

    const res = await agent
      .post(`/api/admin/clients/${user.id}/reviews/${review.id}/response`)
      .send({ responseContent: 'From the team' });

    expect(res.body).toMatchObject({ published: 'google', responseContent: 'From the team' });
  });
});
