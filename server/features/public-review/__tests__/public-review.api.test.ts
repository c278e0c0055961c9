import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewRequests, reviews, users } from '../../../db/schema';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { agentFor, createTestApp } from '../../../testing/test-app';
import { createTestBackground } from '../../../testing/background';
import {
  createContact,
  createLocation,
  createReviewRequest,
  createUser,
  signedInAgent,
} from '../../../testing/factories';
import { SUBMISSIONS_PER_LINK_PER_HOUR } from '../public-review.routes';
import { tinyMp4, tinyWebm } from './video-fixtures';

const INVALID = 'This review link is not valid.';
const MAX_VIDEO_BYTES = 4096;

describe.each(testDatabaseKinds)('public review API on %s', (kind) => {
  let database: TestDatabase;
  let dataDir: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rf-public-review-'));
  });
  afterAll(async () => {
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const db = () => database.handle.db;
  const app = (env: Record<string, string> = {}) =>
    createTestApp(db(), { DATA_DIR: dataDir, MAX_VIDEO_BYTES: String(MAX_VIDEO_BYTES), ...env });

  /** A client with a location, a contact and a sent review request. */
  async function arrange(requestOverrides: Partial<typeof reviewRequests.$inferInsert> = {}) {
    const owner = await createUser(db(), { firstName: 'Casey' });
    const location = await createLocation(db(), owner.id, { name: 'Harbour Street' });
    const contact = await createContact(db(), owner.id, { name: 'Sam Rivera', phone: '+447700900123' });
    const request = await createReviewRequest(db(), owner.id, location.id, {
      contactId: contact.id,
      status: 'sent',
      ...requestOverrides,
    });
    return { owner, location, contact, request };
  }

  const requestRow = async (id: number) =>
    (await db().select().from(reviewRequests).where(eq(reviewRequests.id, id)))[0]!;
  const reviewsOfRequest = (id: number) => db().select().from(reviews).where(eq(reviews.reviewRequestId, id));
  const reviewsOfLocation = (id: number) => db().select().from(reviews).where(eq(reviews.locationId, id));

  describe('GET /api/public/review/:link', () => {
    it('when a sent request is opened, then it answers only the page data and marks it opened', async () => {
      const { owner, location, contact, request } = await arrange();

      const res = await agentFor(app()).get(`/api/public/review/${request.uniqueLink}`);

      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        businessName: owner.companyName,
        locationName: 'Harbour Street',
        contactFirstName: 'Sam',
        reviewLinks: { google: location.googleReviewUrl, facebook: location.facebookPageUrl },
        alreadySubmitted: false,
        kind: 'request',
        // Nobody chose one and supertest sends no Accept-Language: English.
        language: 'en',
        maxVideoBytes: MAX_VIDEO_BYTES,
        acceptedVideoTypes: ['video/webm', 'video/mp4', 'video/quicktime', 'video/ogg'],
      });
      const text = JSON.stringify(res.body);
      for (const secret of [owner.email, contact.email!, contact.phone!, 'Rivera', `"id"`, 'ownerId']) {
        expect(text).not.toContain(secret);
      }
      const row = await requestRow(request.id);
      expect(row.status).toBe('opened');
      expect(row.openedAt).toBeInstanceOf(Date);
    });

    it.each(['queued', 'delivered'] as const)(
      'when a %s request is opened, then it becomes opened',
      async (status) => {
        const { request } = await arrange({ status });
        await agentFor(app()).get(`/api/public/review/${request.uniqueLink}`).expect(200);
        expect((await requestRow(request.id)).status).toBe('opened');
      },
    );

    it('when an opened request is opened again, then its first openedAt stays', async () => {
      const openedAt = new Date('2026-01-01T10:00:00Z');
      const { request } = await arrange({ status: 'opened', openedAt });
      await agentFor(app()).get(`/api/public/review/${request.uniqueLink}`).expect(200);
      const row = await requestRow(request.id);
      expect(row.status).toBe('opened');
      expect(row.openedAt?.toISOString()).toBe(openedAt.toISOString());
    });

    it('when a completed request is opened, then it stays completed and says already submitted', async () => {
      const { request } = await arrange();
      await agentFor(app()).post(`/api/public/review/${request.uniqueLink}`).send({ rating: 4 }).expect(200);

      const res = await agentFor(app()).get(`/api/public/review/${request.uniqueLink}`);

      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ alreadySubmitted: true, submittedRating: 4 });
      expect((await requestRow(request.id)).status).toBe('completed');
    });

    it('when the company name is empty, then the business is named by the owner first name', async () => {
      const { owner, request } = await arrange();
      await db().update(users).set({ companyName: '' }).where(eq(users.id, owner.id));
      const res = await agentFor(app()).get(`/api/public/review/${request.uniqueLink}`);
      expect(res.body.businessName).toBe('Casey');
    });

    it('when a location link is opened, then it answers the location kind with no contact', async () => {
      const { location } = await arrange();
      const res = await agentFor(app()).get(`/api/public/review/${location.publicLink}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        kind: 'location',
        locationName: 'Harbour Street',
        contactFirstName: null,
        alreadySubmitted: false,
      });
    });

    it('when the location has no review sites, then the links are null', async () => {
      const owner = await createUser(db());
      const location = await createLocation(db(), owner.id, { googleReviewUrl: null, facebookPageUrl: null });
      const res = await agentFor(app()).get(`/api/public/review/${location.publicLink}`);
      expect(res.body.reviewLinks).toEqual({ google: null, facebook: null });
    });

    it.each([
      ['an unknown well-formed link', () => randomBytes(16).toString('base64url')],
      ['a too short link', () => 'abc123'],
      ['a too long link', () => 'a'.repeat(65)],
      ['a link with odd characters', () => 'abcdefghijklmnop%27or1=1'],
    ])('when %s is opened, then it answers 404 with the friendly message', async (_name, link) => {
      const res = await agentFor(app()).get(`/api/public/review/${link()}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: INVALID, code: 'not_found' });
    });

    it('when the owner account is disabled, then its links are not valid', async () => {
      const { owner, request } = await arrange();
      await db().update(users).set({ disabledAt: new Date() }).where(eq(users.id, owner.id));
      await agentFor(app()).get(`/api/public/review/${request.uniqueLink}`).expect(404);
    });
  });

  describe('POST /api/public/review/:link', () => {
    it('when a customer submits, then a private review is stored and the request completed, links offered', async () => {
      const { owner, location, contact, request } = await arrange();

      const res = await agentFor(app())
        .post(`/api/public/review/${request.uniqueLink}`)
        .send({ rating: 2, content: '  Slow service today.  ' });

      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        ok: true,
        reviewLinks: { google: location.googleReviewUrl, facebook: location.facebookPageUrl },
      });
      const [review, ...others] = await reviewsOfRequest(request.id);
      expect(others).toHaveLength(0);
      expect(review).toMatchObject({
        ownerId: owner.id,
        locationId: location.id,
        contactId: contact.id,
        type: 'private',
        rating: 2,
        content: 'Slow service today.',
        reviewerName: 'Sam Rivera',
        videoUrl: null,
      });
      const row = await requestRow(request.id);
      expect(row.status).toBe('completed');
      expect(row.completedAt).toBeInstanceOf(Date);
    });

    it.each([1, 2, 3, 4, 5])(
      'when a customer rates %i stars, then the public review sites are offered all the same, and again on a repeat submit (no gating)',
      async (rating) => {
        const { location, request } = await arrange();
        const links = { google: location.googleReviewUrl, facebook: location.facebookPageUrl };
        const url = `/api/public/review/${request.uniqueLink}`;

        const first = await agentFor(app()).post(url).send({ rating });
        const repeat = await agentFor(app()).post(url).send({ rating });

        expect(links.google).toMatch(/^https:/);
        expect(links.facebook).toMatch(/^https:/);
        expect(first.body).toEqual({ ok: true, reviewLinks: links });
        expect(repeat.body).toEqual({ ok: true, alreadySubmitted: true, reviewLinks: links });
      },
    );

    it('when the same request is submitted twice, then one review exists and the second says already submitted', async () => {
      const { request } = await arrange();
      const url = `/api/public/review/${request.uniqueLink}`;
      await agentFor(app()).post(url).send({ rating: 5 }).expect(200);

      const again = await agentFor(app()).post(url).send({ rating: 1, content: 'changed my mind' });

      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ ok: true, alreadySubmitted: true });
      const stored = await reviewsOfRequest(request.id);
      expect(stored).toHaveLength(1);
      expect(stored[0]!.rating).toBe(5);
    });

    it('when two submits race for one request, then exactly one review is created', async () => {
      const { request } = await arrange();
      const url = `/api/public/review/${request.uniqueLink}`;
      const answers = await Promise.all(
        [3, 4, 5].map((rating) => agentFor(app()).post(url).send({ rating })),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(answers.filter((a) => a.body.alreadySubmitted === true)).toHaveLength(2);
      expect(await reviewsOfRequest(request.id)).toHaveLength(1);
    });

    it('when a location link receives reviews, then each creates a review named as given or Anonymous', async () => {
      const { location } = await arrange();
      const url = `/api/public/review/${location.publicLink}`;

      await agentFor(app()).post(url).send({ rating: 5, name: ' Priya ' }).expect(200);
      await agentFor(app()).post(url).send({ rating: 1, content: 'Cold coffee' }).expect(200);

      const stored = await reviewsOfLocation(location.id);
      expect(stored.map((r) => [r.reviewerName, r.rating, r.reviewRequestId, r.contactId]).sort()).toEqual([
        ['Anonymous', 1, null, null],
        ['Priya', 5, null, null],
      ]);
    });

    it.each([
      ['0', 0],
      ['6', 6],
      ['2.5', 2.5],
      ['the string "3"', '3'],
      ['missing', undefined],
      ['null', null],
    ])('when the rating is %s, then it answers 400 and stores nothing', async (_name, rating) => {
      const { request } = await arrange();
      const res = await agentFor(app())
        .post(`/api/public/review/${request.uniqueLink}`)
        .send({ rating, content: 'x' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please choose a rating from 1 to 5 stars.');
      expect(res.body.details).toHaveProperty('rating');
      expect(await reviewsOfRequest(request.id)).toHaveLength(0);
      expect((await requestRow(request.id)).status).toBe('sent');
    });

    it('when the text is 5,000 characters, then it is accepted; at 5,001 it answers 400', async () => {
      const { location } = await arrange();
      const url = `/api/public/review/${location.publicLink}`;
      await agentFor(app())
        .post(url)
        .send({ rating: 4, content: 'a'.repeat(5000) })
        .expect(200);
      const res = await agentFor(app())
        .post(url)
        .send({ rating: 4, content: 'a'.repeat(5001) });
      expect(res.status).toBe(400);
      expect(res.body.details).toHaveProperty('content');
    });

    it('when the name is over 100 characters, then it answers 400', async () => {
      const { location } = await arrange();
      const res = await agentFor(app())
        .post(`/api/public/review/${location.publicLink}`)
        .send({ rating: 4, name: 'n'.repeat(101) });
      expect(res.status).toBe(400);
      expect(res.body.details).toHaveProperty('name');
    });

    it('when the body is over 16 KB, then it answers 413 and stores nothing', async () => {
      const { request } = await arrange();
      const res = await agentFor(app())
        .post(`/api/public/review/${request.uniqueLink}`)
        .send({ rating: 4, content: 'short', padding: 'p'.repeat(20 * 1024) });
      expect(res.status).toBe(413);
      expect(res.body.message).toEqual(expect.any(String));
      expect(await reviewsOfRequest(request.id)).toHaveLength(0);
    });

    it('when the link is unknown or malformed, then it answers 404 and stores nothing', async () => {
      for (const link of [randomBytes(16).toString('base64url'), 'short']) {
        const res = await agentFor(app()).post(`/api/public/review/${link}`).send({ rating: 5 });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: INVALID, code: 'not_found' });
      }
    });

    it('when a customer submits, then the owner finds the review in GET /api/reviews', async () => {
      const { owner, request } = await arrange();
      await agentFor(app())
        .post(`/api/public/review/${request.uniqueLink}`)
        .send({ rating: 2, content: 'Waited forty minutes' })
        .expect(200);

      const agent = await signedInAgent(app(), owner);
      const list = await agent.get('/api/reviews');

      expect(list.status).toBe(200);
      expect(list.body).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            type: 'private',
            rating: 2,
            content: 'Waited forty minutes',
            reviewerName: 'Sam Rivera',
            reviewRequestId: request.id,
          }),
        ]),
      );
    });
  });

  describe('rate limits', () => {
    it(`when one link gets more than ${SUBMISSIONS_PER_LINK_PER_HOUR} submissions in an hour, then it answers 429`, async () => {
      const { location } = await arrange();
      const url = `/api/public/review/${location.publicLink}`;
      for (let i = 0; i < SUBMISSIONS_PER_LINK_PER_HOUR; i++) {
        await agentFor(app()).post(url).send({ rating: 5 }).expect(200);
      }
      const res = await agentFor(app()).post(url).send({ rating: 5 });
      expect(res.status).toBe(429);
      expect(res.body.message).toEqual(expect.any(String));
      expect(await reviewsOfLocation(location.id)).toHaveLength(SUBMISSIONS_PER_LINK_PER_HOUR);
    });

    it('when a link gets many refused submissions, then real customers can still review through it', async () => {
      const { location } = await arrange();
      const url = `/api/public/review/${location.publicLink}`;
      for (let i = 0; i < SUBMISSIONS_PER_LINK_PER_HOUR + 5; i++) {
        await agentFor(app()).post(url).send({ rating: 0 }).expect(400);
      }

      const real = await agentFor(app()).post(url).send({ rating: 4, content: 'Lovely' });

      expect(real.status).toBe(200);
      expect(await reviewsOfLocation(location.id)).toHaveLength(1);
    });

    it('when one address submits more than RATE_LIMIT_PUBLIC times, then it answers 429 whatever the link', async () => {
      const limited = app({ RATE_LIMIT_PUBLIC: '2', TRUST_PROXY: '1' });
      const ip = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
      const links = await Promise.all([arrange(), arrange(), arrange()]);
      const post = (link: string) =>
        supertest(limited).post(`/api/public/review/${link}`).set('X-Forwarded-For', ip).send({ rating: 5 });

      expect((await post(links[0]!.request.uniqueLink)).status).toBe(200);
      expect((await post(links[1]!.request.uniqueLink)).status).toBe(200);
      const third = await post(links[2]!.request.uniqueLink);
      expect(third.status).toBe(429);
      expect(await reviewsOfRequest(links[2]!.request.id)).toHaveLength(0);
      // Another address is not affected.
      const other = await supertest(limited)
        .post(`/api/public/review/${links[2]!.request.uniqueLink}`)
        .set('X-Forwarded-For', '198.51.100.7')
        .send({ rating: 5 });
      expect(other.status).toBe(200);
    });
  });

  describe('video', () => {
    const upload = (link: string, file: Buffer, filename: string, contentType = 'video/mp4') =>
      agentFor(app())
        .post(`/api/public/review/${link}/video`)
        .attach('video', file, { filename, contentType });

    it('when the disk is nearly full, then uploads are refused with 507 before anything is written', async () => {
      const { request } = await arrange();
      const full = app({ MIN_FREE_DISK_BYTES: String(Number.MAX_SAFE_INTEGER) });

      const res = await agentFor(full)
        .post(`/api/public/review/${request.uniqueLink}/video`)
        .attach('video', tinyWebm(), { filename: 'a.webm', contentType: 'video/webm' });

      expect(res.status).toBe(507);
      expect(res.body.message).toMatch(/Video uploads are paused/);
      expect(fs.existsSync(path.join(dataDir, 'uploads', 'pending', request.uniqueLink))).toBe(false);
    });

    it('when one address or one link has uploaded its share this hour, then more uploads answer 429', async () => {
      const quota = String(5 * 1024);
      const limited = app({ TRUST_PROXY: '1', UPLOAD_BYTES_PER_IP_PER_HOUR: quota });
      const ip = `198.51.100.${Math.floor(Math.random() * 200) + 20}`;
      const send = (link: string, from: string) =>
        agentFor(limited)
          .post(`/api/public/review/${link}/video`)
          .set('X-Forwarded-For', from)
          .attach('video', tinyWebm(1200), { filename: 'a.webm', contentType: 'video/webm' });
      const links = await Promise.all([arrange(), arrange(), arrange()]);

      expect((await send(links[0]!.request.uniqueLink, ip)).status).toBe(201);
      expect((await send(links[1]!.request.uniqueLink, ip)).status).toBe(201);
      const third = await send(links[2]!.request.uniqueLink, ip);
      expect(third.status).toBe(429);
      expect(third.body.message).toMatch(/Too many videos/);
      // Another address still can.
      expect((await send(links[2]!.request.uniqueLink, '192.0.2.77')).status).toBe(201);

      const perLink = app({ TRUST_PROXY: '1', UPLOAD_BYTES_PER_LINK_PER_HOUR: quota });
      const { location } = await arrange();
      const fromMany = (i: number) =>
        agentFor(perLink)
          .post(`/api/public/review/${location.publicLink}/video`)
          .set('X-Forwarded-For', `192.0.2.${100 + i}`)
          .attach('video', tinyWebm(1200), { filename: 'a.webm', contentType: 'video/webm' });
      expect((await fromMany(1)).status).toBe(201);
      expect((await fromMany(2)).status).toBe(201);
      expect((await fromMany(3)).status).toBe(429);
    });

    it('when an upload is never attached to a review, then it is deleted after an hour; a fresh one stays', async () => {
      const { request } = await arrange();
      const env = { DATA_DIR: dataDir };
      const old = await upload(request.uniqueLink, tinyWebm(), 'old.webm', 'video/webm');
      const fresh = await upload(request.uniqueLink, tinyWebm(), 'fresh.webm', 'video/webm');
      const folder = path.join(dataDir, 'uploads', 'pending', request.uniqueLink);
      const oldFile = path.join(folder, old.body.videoToken as string);
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      fs.utimesSync(oldFile, twoHoursAgo, twoHoursAgo);
      fs.utimesSync(`${oldFile}.meta.json`, twoHoursAgo, twoHoursAgo);

      await createTestBackground(db(), env).schedule(new Date());

      expect(fs.existsSync(oldFile)).toBe(false);
      expect(fs.existsSync(path.join(folder, fresh.body.videoToken as string))).toBe(true);
      const attach = await agentFor(app())
        .post(`/api/public/review/${request.uniqueLink}`)
        .send({ rating: 5, videoToken: old.body.videoToken });
      expect(attach.status).toBe(400);
    });

    it('when a text file named .mp4 is uploaded, then it is refused by its content', async () => {
      const { request } = await arrange();
      const res = await upload(
        request.uniqueLink,
        Buffer.from('just some text, not a video\n'.repeat(20)),
        'clip.mp4',
      );
      expect(res.status).toBe(415);
      expect(res.body.message).toMatch(/not a supported video/);
    });

    it('when the file is larger than MAX_VIDEO_BYTES, then it answers 413', async () => {
      const { request } = await arrange();
      const res = await upload(request.uniqueLink, tinyWebm(MAX_VIDEO_BYTES * 2), 'big.webm', 'video/webm');
      expect(res.status).toBe(413);
      expect(res.body.message).toMatch(/too large/);
    });

    it('when no file is sent, then it answers 400', async () => {
      const { request } = await arrange();
      const res = await agentFor(app())
        .post(`/api/public/review/${request.uniqueLink}/video`)
        .field('note', 'x');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please choose a video to upload.');
    });

    it('when the link is unknown, then the upload answers 404', async () => {
      const res = await upload(randomBytes(16).toString('base64url'), tinyWebm(), 'a.webm', 'video/webm');
      expect(res.status).toBe(404);
    });

    it('when a WebM is uploaded and attached, then the review is a video the owner can stream with ranges', async () => {
      const { owner, request } = await arrange();
      const file = tinyWebm(200);
      // The declared type and name lie; the content decides.
      const uploaded = await upload(request.uniqueLink, file, 'clip.txt', 'text/plain');
      expect(uploaded.status).toBe(201);
      expect(uploaded.body).toEqual({ videoToken: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) });

      await agentFor(app())
        .post(`/api/public/review/${request.uniqueLink}`)
        .send({ rating: 5, content: 'See my video', videoToken: uploaded.body.videoToken })
        .expect(200);

      const [review] = await reviewsOfRequest(request.id);
      expect(review).toMatchObject({ type: 'video', videoUrl: `/api/reviews/${review!.id}/video` });

      const agent = await signedInAgent(app(), owner);
      const whole = await agent.get(review!.videoUrl!).buffer(true).parse(binary);
      expect(whole.status).toBe(200);
      expect(whole.headers['content-type']).toBe('video/webm');
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(Buffer.compare(whole.body as Buffer, file)).toBe(0);

      const part = await agent.get(review!.videoUrl!).set('Range', 'bytes=4-13').buffer(true).parse(binary);
      expect(part.status).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 4-13/${file.length}`);
      expect(Buffer.compare(part.body as Buffer, file.subarray(4, 14))).toBe(0);

      const outside = await agent.get(review!.videoUrl!).set('Range', `bytes=${file.length + 10}-`);
      expect(outside.status).toBe(416);

      const stranger = await signedInAgent(app(), await createUser(db()));
      expect((await stranger.get(review!.videoUrl!)).status).toBe(404);
      expect((await agentFor(app()).get(review!.videoUrl!)).status).toBe(401);
    });

    it('when an MP4 is uploaded to a location link, then the review is a video', async () => {
      const { location } = await arrange();
      const uploaded = await upload(location.publicLink, tinyMp4(), 'movie.mp4');
      expect(uploaded.status).toBe(201);
      await agentFor(app())
        .post(`/api/public/review/${location.publicLink}`)
        .send({ rating: 3, videoToken: uploaded.body.videoToken })
        .expect(200);
      const [review] = await reviewsOfLocation(location.id);
      expect(review!.type).toBe('video');
    });

    it('when a video token of another link is used, then it answers 400 and stores nothing', async () => {
      const first = await arrange();
      const second = await arrange();
      const uploaded = await upload(first.request.uniqueLink, tinyWebm(), 'a.webm', 'video/webm');

      const res = await agentFor(app())
        .post(`/api/public/review/${second.request.uniqueLink}`)
        .send({ rating: 5, videoToken: uploaded.body.videoToken });

      expect(res.status).toBe(400);
      expect(await reviewsOfRequest(second.request.id)).toHaveLength(0);
    });

    it('when the request was already completed, then an upload answers 409', async () => {
      const { request } = await arrange();
      await agentFor(app()).post(`/api/public/review/${request.uniqueLink}`).send({ rating: 5 }).expect(200);
      const res = await upload(request.uniqueLink, tinyWebm(), 'a.webm', 'video/webm');
      expect(res.status).toBe(409);
    });

    it('when a review is not a video, then its video route answers 404', async () => {
      const { owner, request } = await arrange();
      await agentFor(app()).post(`/api/public/review/${request.uniqueLink}`).send({ rating: 5 }).expect(200);
      const [review] = await reviewsOfRequest(request.id);
      const agent = await signedInAgent(app(), owner);
      expect((await agent.get(`/api/reviews/${review!.id}/video`)).status).toBe(404);
    });
  });
});

/** supertest buffers unknown types as text; keep the bytes. */
function binary(res: supertest.Response, done: (err: Error | null, body: Buffer) => void) {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}
