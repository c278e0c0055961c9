import { eq } from 'drizzle-orm';
import type { Express } from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REPLY_DRAFT_NOT_FOUND } from '@shared/schemas/reviews';
import { replyLinks, reviews, users } from '../../../db/schema';
import type { AppContext } from '../../../lib/context';
import { createSecretBox } from '../../../lib/crypto';
import { enqueue } from '../../../lib/queue/enqueue';
import { createTestBackground, type TestBackground } from '../../../testing/background';
import { createReview, createUser, signedInAgent } from '../../../testing/factories';
import { startFakeGoogle, type FakeGoogle } from '../../../testing/fake-google';
import { decodeQuotedPrintable, startTestSmtpServer, type TestSmtpServer } from '../../../testing/smtp';
import { createFeedbackCase } from '../../../testing/feedback-case';
import { googleConnectedLocation } from '../../../testing/google-connection';
import { createTestApp, createTestContext } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { sealReplyLink } from '../reply-link-token';
import { REPLY_LINK_KEPT_MS, REPLY_LINK_TTL_MS, REPLY_UNDO_MS } from '../reply-links.service';

const KEY = 'f'.repeat(64);
const secretBox = createSecretBox(KEY);
const BASE = 'https://reviews.example.com';
const SECOND = 1_000;

describe.each(testDatabaseKinds)('answering from the alert email (issue 47, item 4) on %s', (kind) => {
  let database: TestDatabase;
  let google: FakeGoogle;
  let smtp: TestSmtpServer;
  let ctx: AppContext;
  let app: Express;
  let background: TestBackground;
  /** The server's clock: the 72 hours and the 5 minutes pass when a test says. */
  let clock = new Date();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    google = await startFakeGoogle({ clientId: 'client-l', clientSecret: 'secret-l' });
    smtp = await startTestSmtpServer();
    const env = {
      TOKEN_ENCRYPTION_KEY: KEY,
      GOOGLE_CLIENT_ID: 'client-l',
      GOOGLE_CLIENT_SECRET: 'secret-l',
      GOOGLE_API_BASE: google.url,
      GOOGLE_OAUTH_BASE: google.url,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'ReviewFlow <alerts@example.com>',
      PUBLIC_BASE_URL: BASE,
    };
    ctx = createTestContext(database.handle.db, env, { now: () => clock });
    app = createTestApp(database.handle.db, env, ctx);
    background = createTestBackground(database.handle.db, env, ctx);
  });
  afterAll(async () => {
    await google?.close();
    await smtp?.close();
    await database?.drop();
  });
  beforeEach(() => {
    clock = new Date();
  });

  const db = () => database.handle.db;
  const later = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  const reviewRow = async (id: number) => (await db().select().from(reviews).where(eq(reviews.id, id)))[0]!;
  const replyCalls = (googleLocationId: string, method: string) =>
    google.requests.filter(
      (r) => r.path.startsWith(`/v4/${googleLocationId}/reviews/`) && r.method === method,
    );

  /** The alert email to `email`, its text decoded. */
  function alertTo(email: string) {
    const mail = smtp.messages.find((m) => m.to.includes(email));
    expect(mail, `an alert to ${email}`).toBeDefined();
    return decodeQuotedPrintable(mail!.raw).replace(/\r\n/g, '\n');
  }
  /** The path of a link in the email, on the API under test. */
  const pathOf = (text: string, label: string) => {
    const url = text.match(new RegExp(`${label}: (\\S+)`))?.[1];
    expect(url, label).toBeDefined();
    return url!.replace(BASE, '');
  };

  /** An owner with a Google-connected location, one unanswered 2★ Google review, and its alert sent. */
  async function alertedGoogleReview() {
    const user = await createUser(db(), { companyName: `Harbour Deli ${kind}` });
    const { location, googleLocationId } = await googleConnectedLocation(db(), google, secretBox, user.id, {
      tag: `l-${kind}`,
    });
    const review = await createReview(db(), user.id, {
      type: 'google',
      externalId: 'review-40',
      locationId: location.id,
      rating: 2,
      content: 'Cold soup',
      reviewerName: 'Nora Quinn',
    });
    await enqueue(db(), 'send-review-alert', { reviewId: review.id, userId: user.id });
    await background.drain();
    const text = alertTo(user.email);
    return {
      user,
      review,
      googleLocationId,
      text,
      link: pathOf(text, 'Publish this reply'),
      agent: await signedInAgent(app, user),
    };
  }

  /** The suggested reply as the email quotes it: the lines between "Suggested reply:" and the link. */
  const suggestionIn = (text: string) =>
    text.split('Suggested reply:\n')[1]!.split('\n\nPublish this reply:')[0]!;

  it('when the alert offers a reply and the owner publishes it from the link, then it is on Google word for word, and the link works once', async () => {
    const { user, review, googleLocationId, text, link } = await alertedGoogleReview();
    const suggestion = suggestionIn(text);

    expect(suggestion).toContain('Hi Nora,');
    expect(suggestion).toContain(`Please contact us at ${user.companyName} directly`);
    expect(text).toContain(`Edit in ReviewFlow: ${BASE}/reviews?review=${review.id}&draft=1`);
    expect(text).toContain(
      'The link works once, for 72 hours, and you can undo for 5 minutes after publishing.',
    );

    // Opening the link (a mail scanner does too) only shows the reply.
    const page = await supertest(app).get(link);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).toContain('Publish this reply?');
    expect(page.text).toContain('It will be posted on Google as your public reply.');
    expect(page.text).toContain('Hi Nora,');
    expect(replyCalls(googleLocationId, 'PUT')).toHaveLength(0);
    expect((await reviewRow(review.id)).responseContent).toBeNull();

    const published = await supertest(app).post(`${link}/publish`);
    expect(published.status).toBe(200);
    expect(published.text).toContain('Reply published');
    expect(published.text).toContain('Your reply is on Google.');
    expect(published.text).toContain(`action="${link}/undo"`);
    expect(replyCalls(googleLocationId, 'PUT').map((r) => r.body)).toEqual([{ comment: suggestion }]);
    expect(await reviewRow(review.id)).toMatchObject({
      responseContent: suggestion,
      responsePublishedTo: 'google',
    });

    const again = await supertest(app).post(`${link}/publish`);
    expect(again.text).toContain('Reply published');
    expect(replyCalls(googleLocationId, 'PUT')).toHaveLength(1);
  });

  it('when the owner presses undo within five minutes, then the reply leaves Google and ReviewFlow, and the link cannot publish it again', async () => {
    const { review, googleLocationId, link, agent, text } = await alertedGoogleReview();
    await supertest(app).post(`${link}/publish`).expect(200);
    later(REPLY_UNDO_MS - SECOND);

    const undone = await supertest(app).post(`${link}/undo`);

    expect(undone.status).toBe(200);
    expect(undone.text).toContain('Reply removed');
    expect(undone.text).toContain('The reply was removed from Google and from ReviewFlow.');
    expect(replyCalls(googleLocationId, 'DELETE')).toHaveLength(1);
    expect(await reviewRow(review.id)).toMatchObject({ responseContent: null, responsePublishedTo: null });
    const republish = await supertest(app).post(`${link}/publish`);
    expect(republish.text).toContain('The reply this link published was taken back.');
    expect(replyCalls(googleLocationId, 'PUT')).toHaveLength(1);
    // Taken back, its words are where "Edit in ReviewFlow" starts again.
    const draft = await agent.get(`/api/reviews/${review.id}/reply-draft`);
    expect(draft.body).toEqual({ content: suggestionIn(text) });
  });

  it('when five minutes have passed, then undo keeps the reply and the page no longer offers it', async () => {
    const { review, googleLocationId, link } = await alertedGoogleReview();
    await supertest(app).post(`${link}/publish`).expect(200);
    later(REPLY_UNDO_MS + SECOND);

    const late = await supertest(app).post(`${link}/undo`);

    expect(late.text).toContain('Reply published');
    expect(late.text).not.toContain('/undo');
    expect(replyCalls(googleLocationId, 'DELETE')).toHaveLength(0);
    expect((await reviewRow(review.id)).responsePublishedTo).toBe('google');
  });

  it('when the owner changed the reply in ReviewFlow after publishing, then undo keeps their newer words', async () => {
    const { review, agent, link } = await alertedGoogleReview();
    await supertest(app).post(`${link}/publish`).expect(200);
    await agent
      .put(`/api/reviews/${review.id}/response`)
      .send({ responseContent: 'Our own words' })
      .expect(200);

    const undo = await supertest(app).post(`${link}/undo`);

    expect(undo.status).toBe(409);
    expect(undo.text).toContain('changed in ReviewFlow after it was published');
    expect((await reviewRow(review.id)).responseContent).toBe('Our own words');
  });

  it('when Google does not take the reply, then the page says it waits for Google, not that it was published', async () => {
    const { review, googleLocationId, link } = await alertedGoogleReview();
    google.failNext(new RegExp(`^/v4/${googleLocationId}/reviews/review-40/reply$`), 503, 'Backend Error');

    const published = await supertest(app).post(`${link}/publish`);

    expect(published.text).toContain('Reply waiting for Google');
    expect(published.text).toContain('Google did not answer: Backend Error');
    expect(published.text).not.toContain('Your reply is on Google');
    expect(await reviewRow(review.id)).toMatchObject({ responseContent: null, replyPublishState: 'pending' });
    // Undo discards the waiting reply: it never reached Google.
    const undone = await supertest(app).post(`${link}/undo`);
    expect(undone.text).toContain('Reply removed');
    expect(await reviewRow(review.id)).toMatchObject({ pendingReply: null, replyPublishState: null });
  });

  it('when 72 hours have passed, then the link is expired and publishes nothing', async () => {
    const { review, googleLocationId, link } = await alertedGoogleReview();
    later(REPLY_LINK_TTL_MS + SECOND);

    const page = await supertest(app).get(link);
    const press = await supertest(app).post(`${link}/publish`);

    expect(page.status).toBe(410);
    expect(page.text).toContain('Link expired');
    expect(press.status).toBe(410);
    expect(replyCalls(googleLocationId, 'PUT')).toHaveLength(0);
    expect((await reviewRow(review.id)).responseContent).toBeNull();
  });

  it('when the token names other words, another review, or its row’s words were changed, then it opens nothing', async () => {
    const { review, googleLocationId, link } = await alertedGoogleReview();
    const [row] = await db().select().from(replyLinks).where(eq(replyLinks.reviewId, review.id));
    const forged = [
      sealReplyLink(secretBox, { id: row!.id, reviewId: review.id, content: 'We will refund you' }),
      sealReplyLink(secretBox, { id: row!.id, reviewId: review.id + 1, content: row!.content }),
      sealReplyLink(createSecretBox('0'.repeat(64)), row!),
      'v1.not.a.token',
      'x'.repeat(600),
    ];
    for (const token of forged) {
      const res = await supertest(app).post(`/api/reply-links/${token}/publish`);
      expect(res.status, token.slice(0, 20)).toBe(404);
      expect(res.text).toContain('This link is not valid. Nothing was published.');
    }

    await db().update(replyLinks).set({ content: 'We will refund you' }).where(eq(replyLinks.id, row!.id));
    expect((await supertest(app).post(`${link}/publish`)).status).toBe(404);
    expect(replyCalls(googleLocationId, 'PUT')).toHaveLength(0);
  });

  it('when the review was answered in ReviewFlow first, then the link says so and changes nothing', async () => {
    const { review, agent, googleLocationId, link } = await alertedGoogleReview();
    await agent
      .post(`/api/reviews/${review.id}/response`)
      .send({ responseContent: 'Answered here' })
      .expect(200);
    const putsBefore = replyCalls(googleLocationId, 'PUT').length;

    const page = await supertest(app).get(link);
    const press = await supertest(app).post(`${link}/publish`);

    expect(page.status).toBe(409);
    expect(press.status).toBe(409);
    expect(press.text).toContain('Already answered');
    expect(replyCalls(googleLocationId, 'PUT')).toHaveLength(putsBefore);
    expect((await reviewRow(review.id)).responseContent).toBe('Answered here');
  });

  it('when two presses come at the same moment, then Google gets the reply once', async () => {
    const { googleLocationId, link } = await alertedGoogleReview();

    const presses = await Promise.all([1, 2, 3].map(() => supertest(app).post(`${link}/publish`)));

    expect(presses.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(replyCalls(googleLocationId, 'PUT')).toHaveLength(1);
  });

  it('when the client’s account is disabled, then its links open nothing', async () => {
    const { user, link } = await alertedGoogleReview();
    await db().update(users).set({ disabledAt: clock }).where(eq(users.id, user.id));

    expect((await supertest(app).get(link)).status).toBe(404);
  });

  it('when the owner follows "Edit in ReviewFlow", then the editor starts from the email’s words, for their own review only', async () => {
    const { review, text, agent, link } = await alertedGoogleReview();
    const stranger = await signedInAgent(app, await createUser(db()));

    const draft = await agent.get(`/api/reviews/${review.id}/reply-draft`);
    expect(draft.status).toBe(200);
    expect(draft.body).toEqual({ content: suggestionIn(text) });
    const theirs = await stranger.get(`/api/reviews/${review.id}/reply-draft`);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe(REPLY_DRAFT_NOT_FOUND);

    await supertest(app).post(`${link}/publish`).expect(200);
    expect((await agent.get(`/api/reviews/${review.id}/reply-draft`)).status).toBe(404);
  });

  it('when the review is private feedback, then the reply is saved in ReviewFlow and the pages say it is not published anywhere', async () => {
    const user = await createUser(db());
    const review = await createReview(db(), user.id, { type: 'private', rating: 1, content: 'Rude staff' });
    await enqueue(db(), 'send-review-alert', { reviewId: review.id, userId: user.id });
    await background.drain();
    const link = pathOf(alertTo(user.email), 'Publish this reply');

    expect((await supertest(app).get(link)).text).toContain(
      'Private feedback is not published anywhere: the reply is saved in ReviewFlow.',
    );
    const published = await supertest(app).post(`${link}/publish`);
    expect(published.text).toContain('Reply saved');
    expect(published.text).toContain('Private feedback is not published anywhere.');
    expect((await reviewRow(review.id)).responseContent).toContain("We're truly sorry");
  });

  it('when the review already has a reply, then the alert offers none and makes no link', async () => {
    const user = await createUser(db());
    const review = await createReview(db(), user.id, {
      rating: 2,
      responseContent: 'Answered on Google already',
      respondedAt: clock,
    });
    await enqueue(db(), 'send-review-alert', { reviewId: review.id, userId: user.id });
    await background.drain();

    const text = alertTo(user.email);
    expect(text).toContain(`Answer it: ${BASE}/reviews?review=${review.id}`);
    expect(text).not.toContain('Publish this reply');
    expect(await db().select().from(replyLinks).where(eq(replyLinks.reviewId, review.id))).toEqual([]);
  });

  it('when the review has a feedback case, then the alert offers no link: its reply is a message to the customer, written in the app', async () => {
    const user = await createUser(db());
    const { review } = await createFeedbackCase(db(), user.id, { rating: 1 });
    await enqueue(db(), 'send-review-alert', { reviewId: review.id, userId: user.id });
    await background.drain();

    const text = alertTo(user.email);
    expect(text).toContain(`Answer it: ${BASE}/reviews?review=${review.id}`);
    expect(text).not.toContain('Publish this reply');
    expect(await db().select().from(replyLinks).where(eq(replyLinks.reviewId, review.id))).toEqual([]);
  });

  it('when a link expired a month ago, then the daily clean-up removes it and a fresh one stays', async () => {
    const { review } = await alertedGoogleReview();
    await background.schedule(new Date(clock.getTime() + REPLY_LINK_TTL_MS + REPLY_LINK_KEPT_MS - SECOND));
    expect(await db().select().from(replyLinks).where(eq(replyLinks.reviewId, review.id))).toHaveLength(1);

    await background.schedule(new Date(clock.getTime() + REPLY_LINK_TTL_MS + REPLY_LINK_KEPT_MS + SECOND));

    expect(await db().select().from(replyLinks).where(eq(replyLinks.reviewId, review.id))).toEqual([]);
  });
});
