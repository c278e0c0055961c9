import { createHash } from 'node:crypto';
import { count, eq, isNotNull } from 'drizzle-orm';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_TYPES } from '@shared/schemas/domain';
import { verifyProofChain } from '@shared/schemas/proof';
import { contacts, locations, reviewRequests, reviews, users } from '../../../db/schema';
import { createAuthService } from '../../auth/auth.service';
import { createUsersRepository } from '../../auth/users.repository';
import { createLogger } from '../../../lib/logger';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from '../../../seed/demo';
import { DEMO_COUNTS, DEMO_PROOF_SLUG } from '../../../seed/demo-data';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { createTestApp } from '../../../testing/test-app';
import { signedInAgent } from '../../../testing/factories';

const DAY = 24 * 60 * 60 * 1000;
const sha256 = async (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe.each(testDatabaseKinds)('demo seed on %s', (kind) => {
  let database: TestDatabase;
  const logger = createLogger('silent');

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  const countOf = async (
    table: typeof locations | typeof contacts | typeof reviews | typeof reviewRequests,
  ) => {
    const [row] = await database.handle.db.select({ n: count() }).from(table);
    return row!.n;
  };

  it('when the database has no client, then it creates the demo client with its locations, contacts, reviews and requests', async () => {
    const db = database.handle.db;
    const auth = createAuthService(createUsersRepository(db));
    const warn = console.warn;
    console.warn = () => {};
    try {
      await seedDemo(db, auth, logger);
    } finally {
      console.warn = warn;
    }

    expect(await countOf(locations)).toBe(DEMO_COUNTS.locations);
    expect(await countOf(contacts)).toBe(DEMO_COUNTS.contacts);
    expect(await countOf(reviews)).toBe(DEMO_COUNTS.reviews);
    expect(await countOf(reviewRequests)).toBe(DEMO_COUNTS.reviewRequests);

    const [client] = await db.select().from(users).where(eq(users.email, DEMO_EMAIL));
    const rows = await db.select().from(reviews).where(eq(reviews.ownerId, client!.id));
    expect(rows).toHaveLength(DEMO_COUNTS.reviews);
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(REVIEW_TYPES));
    expect(new Set(rows.map((r) => r.rating))).toEqual(new Set([1, 2, 3, 4, 5]));
    const now = Date.now();
    for (const row of rows) {
      expect(now - row.createdAt.getTime()).toBeLessThanOrEqual(91 * DAY);
      expect(row.createdAt.getTime()).toBeLessThanOrEqual(now);
      expect(row.reviewerName).not.toBe('');
      if (row.respondedAt) expect(row.respondedAt.getTime()).toBeGreaterThan(row.createdAt.getTime());
      expect(Boolean(row.responseContent)).toBe(Boolean(row.respondedAt));
    }
    const answered = rows.filter((r) => r.responseContent).length;
    expect(answered).toBeGreaterThan(5);
    expect(answered).toBeLessThan(rows.length - 5);
    expect(new Set(rows.map((r) => r.content)).size).toBeGreaterThan(15);

    const places = await db.select().from(locations);
    for (const place of places) {
      expect(place.publicLink).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(place.googleReviewUrl).toMatch(/^https:\/\//);
      expect(place.facebookPageUrl).toMatch(/^https:\/\//);
      expect(place.googleAccessToken).toBeNull();
    }
    const people = await db.select().from(contacts);
    for (const person of people) {
      expect(person.phone).toMatch(/^\+[1-9]\d{7,14}$/);
      expect(person.email).toMatch(/^[a-z.]+@example\.com$/);
    }
    const statuses = new Set((await db.select().from(reviewRequests)).map((r) => r.status));
    expect(statuses.size).toBeGreaterThanOrEqual(5);
    // Nothing sends the demo's requests: none may wait in 'queued' (or the outbox) for ever.
    expect(statuses.has('queued')).toBe(false);
    expect(statuses.has('outbox')).toBe(false);
    const [linked] = await db.select({ n: count() }).from(reviews).where(isNotNull(reviews.reviewRequestId));
    expect(linked!.n).toBeGreaterThan(0);

    // The demo sign-in works and the list shows the demo reviews.
    const agent = await signedInAgent(createTestApp(db), { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    const res = await agent.get('/api/reviews').query({ page: 1, pageSize: 10 });
    expect(res.body).toHaveLength(10);
    expect(res.headers['x-total-count']).toBe(String(DEMO_COUNTS.reviews));

    // The dashboard a newcomer sees reads as a real business: trends are percentages of a real base, none
    // "new" nor "+1000%", and a response time over this month's replies.
    const stats = (await agent.get('/api/dashboard/stats')).body;
    for (const trend of Object.values(stats.trends as Record<string, string>)) {
      expect(trend).toMatch(/%$/);
      expect(Math.abs(Number.parseFloat(trend))).toBeLessThan(200);
    }
    expect(stats.recent.avgResponseTimeDays).toBeGreaterThan(0);
    expect(stats.recent.avgResponseTimeDays).toBeLessThan(3);
    // A few Google customers raised their rating after the reply: the dashboard has its card to show.
    const rose = (await agent.get('/api/reviews/rose-after-reply')).body;
    expect(rose.count).toBeGreaterThan(0);
    expect(rose.reviews[0]).toMatchObject({ type: 'google', ratingAtReply: 2 });

    // The demo business publishes its proof: every sent request and every rating on its page, chained.
    const proof = (await supertest(createTestApp(db)).get(`/api/proof/${DEMO_PROOF_SLUG}`).expect(200)).body;
    const sent = (await db.select().from(reviewRequests)).filter((r) => r.sentAt !== null).length;
    const ratedHere = rows.filter((r) => r.type === 'private' || r.type === 'video').length;
    expect(proof).toMatchObject({
      business: 'Sunrise Bakery',
      asked: sent,
      offeredPublicLinks: ratedHere,
      filtered: 0,
    });
    expect(proof.head.seq).toBe(sent + ratedHere);
    const log = (await supertest(createTestApp(db)).get(`/api/proof/${DEMO_PROOF_SLUG}/log`).expect(200))
      .body;
    expect(await verifyProofChain(log.entries, sha256)).toEqual({
      ok: true,
      seq: proof.head.seq,
      hash: proof.head.hash,
    });
  });

  it('when a client already exists, then seeding again does nothing', async () => {
    const db = database.handle.db;
    const auth = createAuthService(createUsersRepository(db));

    await seedDemo(db, auth, logger);

    const [clients] = await db.select({ n: count() }).from(users).where(eq(users.role, 'client'));
    expect(clients!.n).toBe(1);
    expect(await countOf(reviews)).toBe(DEMO_COUNTS.reviews);
    expect(await countOf(locations)).toBe(DEMO_COUNTS.locations);
    expect(await countOf(contacts)).toBe(DEMO_COUNTS.contacts);
    expect(await countOf(reviewRequests)).toBe(DEMO_COUNTS.reviewRequests);
  });
});
