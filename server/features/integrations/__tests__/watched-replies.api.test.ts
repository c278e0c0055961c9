import { eq } from 'drizzle-orm';
import type { Express } from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifications, notificationSettings, reviews } from '../../../db/schema';
import type { AppContext } from '../../../lib/context';
import { createSecretBox } from '../../../lib/crypto';
import { createTestBackground, type TestBackground } from '../../../testing/background';
import { createLocation, createUser, signedInAgent } from '../../../testing/factories';
import { facebookRating, startFakeFacebook, type FakeFacebook } from '../../../testing/fake-facebook';
import { googleReview, startFakeGoogle, type FakeGoogle } from '../../../testing/fake-google';
import { googleConnectedLocation } from '../../../testing/google-connection';
import { decodeQuotedPrintable, startTestSmtpServer, type TestSmtpServer } from '../../../testing/smtp';
import { createTestApp, createTestContext } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import type { ImportedReview } from '../integrations.repository';
import { watchChanges, type WatchedReview } from '../reply-watch';
import { FACEBOOK_REPLY_CHECK_INTERVAL_MS } from '../sync.service';

const KEY = 'c'.repeat(64);
const secretBox = createSecretBox(KEY);
const BASE = 'https://reviews.example.com';

describe('what the sync compares (issue 47, item 2)', () => {
  const stored = (overrides: Partial<WatchedReview> = {}): WatchedReview => ({
    id: 1,
    externalId: 'r1',
    rating: 1,
    content: 'Cold',
    reviewerName: 'Nora',
    responseContent: 'Sorry',
    responsePublishedTo: 'google',
    respondedAt: new Date('2026-12-01T10:00:00Z'),
    ratingAtReply: 1,
    removedFromSiteAt: null,
    ...overrides,
  });
  const read = (overrides: Partial<ImportedReview> = {}): ImportedReview => ({
    externalId: 'r1',
    rating: 1,
    content: 'Cold',
    reviewerName: 'Nora',
    sourceUrl: null,
    createdAt: new Date('2026-11-30T10:00:00Z'),
    responseContent: 'Sorry',
    respondedAt: new Date('2026-12-01T10:00:00Z'),
    responsePublishedTo: 'google',
    ...overrides,
  });
  const afterReply = new Date('2026-12-02T10:00:00Z');

  it('when a reply was written after the site was read, then its absence there is not a vanished reply', () => {
    const replyDuringRead = stored({ respondedAt: new Date('2026-12-02T10:00:01Z') });
    expect(watchChanges('google', [replyDuringRead], [read({ responseContent: null })], afterReply)).toEqual(
      [],
    );
    expect(watchChanges('google', [stored()], [read({ responseContent: null })], afterReply)).toEqual([
      { kind: 'reply_vanished', reviewId: 1, reviewerName: 'Nora', rating: 1 },
    ]);
  });

  it('when the site answers no reviews at all, then nothing is taken as removed', () => {
    expect(watchChanges('google', [stored()], [], afterReply)).toEqual([]);
    expect(watchChanges('google', [stored()], [read({ externalId: 'other' })], afterReply)).toEqual([
      { kind: 'review_removed', reviewId: 1, reviewerName: 'Nora', rating: 1, answered: true },
    ]);
  });

  it('when Facebook’s read has no replies (it never carries the Page’s), then no reply is taken as vanished', () => {
    const facebook = stored({ responsePublishedTo: 'facebook' });
    expect(watchChanges('facebook', [facebook], [read({ responseContent: null })], afterReply)).toEqual([]);
    // Asked one by one, Facebook said it no longer exists.
    expect(
      watchChanges('facebook', [facebook], [read({ responseContent: null })], afterReply, new Set([1])),
    ).toEqual([{ kind: 'reply_vanished', reviewId: 1, reviewerName: 'Nora', rating: 1 }]);
  });

  it('when an unanswered review is edited, then it is not news of this kind; a removed one already marked is told once', () => {
    const unanswered = stored({ responseContent: null, respondedAt: null, ratingAtReply: null });
    expect(watchChanges('google', [unanswered], [read({ rating: 5 })], afterReply)).toEqual([]);
    const gone = stored({ removedFromSiteAt: new Date('2026-12-01T00:00:00Z') });
    expect(watchChanges('google', [gone], [read({ externalId: 'other' })], afterReply)).toEqual([]);
  });
});

describe.each(testDatabaseKinds)('replies that are watched (issue 47, item 2) on %s', (kind) => {
  let database: TestDatabase;
  let google: FakeGoogle;
  let facebook: FakeFacebook;
  let smtp: TestSmtpServer;
  /** The server's clock runs this far ahead of the wall clock: a day passes when a test says. */
  let ahead = 0;
  let nextPage = kind === 'pglite' ? 910_000 : 920_000;
  let ctx: AppContext;
  let app: Express;
  let background: TestBackground;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    google = await startFakeGoogle({ clientId: 'client-w', clientSecret: 'secret-w' });
    facebook = await startFakeFacebook({ appId: 'fb-w', appSecret: 'fb-secret-w' });
    smtp = await startTestSmtpServer();
    const env = {
      FACEBOOK_APP_ID: 'fb-w',
      FACEBOOK_APP_SECRET: 'fb-secret-w',
      FACEBOOK_API_BASE: facebook.url,
      TOKEN_ENCRYPTION_KEY: KEY,
      GOOGLE_CLIENT_ID: 'client-w',
      GOOGLE_CLIENT_SECRET: 'secret-w',
      GOOGLE_API_BASE: google.url,
      GOOGLE_OAUTH_BASE: google.url,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'ReviewFlow <alerts@example.com>',
      PUBLIC_BASE_URL: BASE,
    };
    ctx = createTestContext(database.handle.db, env, { now: () => new Date(Date.now() + ahead) });
    app = createTestApp(database.handle.db, env, ctx);
    background = createTestBackground(database.handle.db, env, ctx);
  });
  afterAll(async () => {
    await google?.close();
    await facebook?.close();
    await smtp?.close();
    await database?.drop();
  });
  beforeEach(() => {
    smtp.messages.length = 0;
    ahead = 0;
  });

  const db = () => database.handle.db;
  const reviewOf = async (ownerId: number, externalId: string) =>
    (await db().select().from(reviews).where(eq(reviews.ownerId, ownerId))).find(
      (r) => r.externalId === externalId,
    )!;
  const notificationsOf = (ownerId: number) =>
    db().select().from(notifications).where(eq(notifications.ownerId, ownerId)).orderBy(notifications.id);
  const mailsTo = (email: string) =>
    smtp.messages
      .filter((m) => m.to.includes(email))
      .map((m) => ({ ...m, text: decodeQuotedPrintable(m.raw).replace(/\r\n/g, '\n') }));

  /**
   * A client whose Google location holds three reviews, imported once (the history: no news), with review-40
   * (1★, Nora) and review-41 (2★, Ravi) answered from ReviewFlow, so both replies are on Google.
   */
  async function answeredOnGoogle() {
    const user = await createUser(db(), { companyName: `Quay Bistro ${kind}` });
    const { googleLocationId } = await googleConnectedLocation(db(), google, secretBox, user.id, {
      tag: `w-${kind}`,
      reviews: [
        googleReview(40, {
          starRating: 'ONE',
          comment: 'Cold soup',
          reviewer: { displayName: 'Nora Quinn' },
        }),
        googleReview(41, { starRating: 'TWO', comment: 'Slow', reviewer: { displayName: 'Ravi Shah' } }),
        googleReview(42, { starRating: 'THREE', comment: 'Fine', reviewer: { displayName: 'Lena Berg' } }),
      ],
    });
    const agent = await signedInAgent(app, user);
    const sync = async () => {
      await agent.post('/api/integrations/google/import-reviews').expect(202);
      await background.drain();
    };
    await sync();
    for (const externalId of ['review-40', 'review-41']) {
      const review = await reviewOf(user.id, externalId);
      await agent
        .post(`/api/reviews/${review.id}/response`)
        .send({ responseContent: `Sorry, ${externalId}` })
        .expect(200);
    }
    const onGoogle = (externalId: string) =>
      google.reviewsOf(googleLocationId).find((r) => r.reviewId === externalId)!;
    return { user, agent, googleLocationId, sync, onGoogle };
  }

  it('when a customer raises their rating after the reply, a reply vanishes and a review is removed, then the owner is told each in the bell and in one email, and the reviews say so', async () => {
    const { user, agent, googleLocationId, sync, onGoogle } = await answeredOnGoogle();
    Object.assign(onGoogle('review-40'), {
      starRating: 'FOUR',
      comment: 'Cold soup, but they made it right',
    });
    delete onGoogle('review-41').reviewReply;
    const list = google.reviewsOf(googleLocationId);
    list.splice(
      list.findIndex((r) => r.reviewId === 'review-42'),
      1,
    );

    await sync();

    expect(
      (await notificationsOf(user.id)).map(({ kind: k, title, body }) => ({ kind: k, title, body })),
    ).toEqual([
      {
        kind: 'review_edited',
        title: '1★ → 4★ after your reply',
        body: 'Nora Quinn changed their Google review.',
      },
      {
        kind: 'reply_vanished',
        title: 'Your reply to Ravi Shah is no longer on Google',
        body: 'It is kept in ReviewFlow. Open the review to post it on Google again.',
      },
      {
        kind: 'review_removed',
        title: 'A 3★ Google review was removed',
        body: 'Lena Berg’s review is no longer on Google.',
      },
    ]);
    const [mail, ...more] = mailsTo(user.email);
    expect(more).toEqual([]);
    expect(mail!.text).toContain(`Subject: 3 changes on Google to reviews of ${user.companyName}`);
    expect(mail!.text).toContain('1★ → 4★ after your reply');
    expect(mail!.text).toContain(`${BASE}/reviews?review=${(await reviewOf(user.id, 'review-40')).id}`);

    expect(await reviewOf(user.id, 'review-40')).toMatchObject({ rating: 4, ratingAtReply: 1 });
    expect(await reviewOf(user.id, 'review-41')).toMatchObject({
      responseContent: 'Sorry, review-41',
      responsePublishedTo: null,
    });
    expect((await reviewOf(user.id, 'review-42')).removedFromSiteAt).toBeInstanceOf(Date);
    const rose = await agent.get('/api/reviews/rose-after-reply').expect(200);
    expect(rose.body.count).toBe(1);
    expect(rose.body.reviews).toMatchObject([{ reviewerName: 'Nora Quinn', rating: 4, ratingAtReply: 1 }]);
    const removed = await agent.get(`/api/reviews/${(await reviewOf(user.id, 'review-42')).id}`);
    expect(removed.body.removedFromSiteAt).toEqual(expect.any(String));
  });

  it('when nothing changed since, then the next sync tells nothing again; a review back on the site is no longer marked removed', async () => {
    const { user, googleLocationId, sync, onGoogle } = await answeredOnGoogle();
    const list = google.reviewsOf(googleLocationId);
    const [lena] = list.splice(
      list.findIndex((r) => r.reviewId === 'review-42'),
      1,
    );
    onGoogle('review-40').starRating = 'FIVE';
    await sync();
    const told = (await notificationsOf(user.id)).length;

    await sync();
    expect(await notificationsOf(user.id)).toHaveLength(told);

    list.push(lena!);
    await sync();
    expect((await reviewOf(user.id, 'review-42')).removedFromSiteAt).toBeNull();
    expect(await notificationsOf(user.id)).toHaveLength(told);
  });

  it('when the owner posts a vanished reply again, then it is on Google again', async () => {
    const { user, agent, sync, onGoogle } = await answeredOnGoogle();
    delete onGoogle('review-41').reviewReply;
    await sync();
    const review = await reviewOf(user.id, 'review-41');

    const res = await agent
      .put(`/api/reviews/${review.id}/response`)
      .send({ responseContent: 'Sorry again, Ravi' });

    expect(res.body).toMatchObject({ published: 'google', responsePublishedTo: 'google' });
    expect(onGoogle('review-41').reviewReply?.comment).toBe('Sorry again, Ravi');
  });

  it('when the owner takes no email alerts, then the changes reach the bell only', async () => {
    const { user, sync, onGoogle } = await answeredOnGoogle();
    await db()
      .insert(notificationSettings)
      .values({ userId: user.id, instantAlerts: false, alertMaxRating: 3, weeklyDigest: true })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: { instantAlerts: false } });
    onGoogle('review-40').starRating = 'THREE';

    await sync();

    expect((await notificationsOf(user.id)).map((n) => n.title)).toEqual(['1★ → 3★ after your reply']);
    expect(mailsTo(user.email)).toEqual([]);
  });

  it('when the rating falls or only the words change after the reply, then it is told but does not count as risen', async () => {
    const { user, agent, sync, onGoogle } = await answeredOnGoogle();
    onGoogle('review-41').comment = 'Slow, and rude about it';

    await sync();

    expect((await notificationsOf(user.id)).map((n) => [n.title, n.body])).toEqual([
      ['Ravi Shah edited their review after your reply', 'Still 2★ on Google. Read what changed.'],
    ]);
    expect((await agent.get('/api/reviews/rose-after-reply')).body).toEqual({ count: 0, reviews: [] });
  });

  it('when the Page’s reply is deleted on Facebook, then the next sync asks, finds it gone and says so; each reply is asked about once a day', async () => {
    const user = await createUser(db());
    const pageId = String((nextPage += 1));
    const page = facebook.addPage(pageId, `p${pageId}`, [
      facebookRating(7, {
        open_graph_story: { id: `66${pageId}` },
        reviewer: { id: '1', name: 'Omar Diaz' },
      }),
    ]);
    const location = await createLocation(db(), user.id, {
      facebookPageId: pageId,
      facebookAccessToken: secretBox.encrypt(page.token),
    });
    const agent = await signedInAgent(app, user);
    const sync = async () => {
      await agent.post('/api/integrations/facebook/import-reviews').expect(202);
      await background.drain();
    };
    await sync();
    const review = (await db().select().from(reviews).where(eq(reviews.locationId, location.id)))[0]!;
    await agent
      .post(`/api/reviews/${review.id}/response`)
      .send({ responseContent: 'Thank you, Omar' })
      .expect(200);
    const asked = () =>
      facebook.requests.filter((r) => r.method === 'GET' && /^\/v\d+\.\d+\/66\d+_\d+$/.test(r.path)).length;

    await sync();
    expect(asked()).toBe(1);
    expect(await notificationsOf(user.id)).toEqual([]);
    facebook.comments.find((c) => c.storyId === `66${pageId}`)!.deleted = true;
    await sync();
    expect(asked()).toBe(1); // asked today already

    ahead = FACEBOOK_REPLY_CHECK_INTERVAL_MS + 60_000;
    await sync();

    expect(asked()).toBe(2);
    expect((await notificationsOf(user.id)).map((n) => n.title)).toEqual([
      'Your reply to Omar Diaz is no longer on Facebook',
    ]);
    expect((await db().select().from(reviews).where(eq(reviews.id, review.id)))[0]).toMatchObject({
      responseContent: 'Thank you, Omar',
      responsePublishedTo: null,
    });
  });
});
