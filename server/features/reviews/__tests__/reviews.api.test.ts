import type { Express } from 'express';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import {
  REVIEW_COUNT_CAP,
  SEARCH_COUNT_CAP,
  REVIEW_EXPORT_COLUMNS,
  RESPONSE_MAX,
  UNPAGED_LIMIT,
} from '@shared/schemas/reviews';
import { reviews as reviewsTable } from '../../../db/schema';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { createTestApp } from '../../../testing/test-app';
import { createLocation, createReview, createUser, signedInAgent } from '../../../testing/factories';

type Agent = Awaited<ReturnType<typeof signedInAgent>>;

const DAY = 24 * 60 * 60 * 1000;
const BASE = Date.UTC(2026, 0, 31, 12, 0, 0);
const daysAgo = (n: number) => new Date(BASE - n * DAY);

/**
 * The known data set: eleven reviews of one client, newest first by `age`, covering every filter.
 * `responded` rows carry a response; the 'yelp' row is an unknown type that reads as private.
 */
const DATA = [
  {
    name: 'Alice Moss',
    type: 'google',
    rating: 5,
    content: 'Great coffee and friendly staff',
    age: 1,
    responded: true,
  },
  {
    name: 'Bob Stone',
    type: 'google',
    rating: 2,
    content: 'Cold food, slow service',
    age: 2,
    responded: false,
  },
  {
    name: 'Carla Diaz',
    type: 'facebook',
    rating: 4,
    content: 'Nice place for brunch',
    age: 3,
    responded: false,
  },
  { name: 'Dev Patel', type: 'facebook', rating: 1, content: 'Never again', age: 4, responded: true },
  {
    name: 'Erin Wu',
    type: 'private',
    rating: 3,
    content: 'It was ok, 100% average',
    age: 5,
    responded: false,
  },
  {
    name: 'Frank_Lee',
    type: 'private',
    rating: 5,
    content: 'Perfect birthday cake',
    age: 6,
    responded: false,
  },
  { name: 'Gina Ross', type: 'video', rating: 4, content: 'Watch my video!', age: 7, responded: true },
  { name: 'Hugo Berg', type: 'video', rating: 3, content: 'Meh', age: 8, responded: false },
  { name: 'Ivy Chen', type: 'yelp', rating: 2, content: 'Imported from elsewhere', age: 9, responded: false },
  {
    name: 'Jon Kim',
    type: 'google',
    rating: 5,
    content: 'BEST Croissants in town',
    age: 10,
    responded: false,
  },
  { name: 'Kai Olsen', type: 'private', rating: 4, content: 'Lovely', age: 11, responded: false },
] as const;

const namesWhere = (pred: (r: (typeof DATA)[number]) => boolean) => DATA.filter(pred).map((r) => r.name);
const isPrivate = (type: string) => !['google', 'facebook', 'video'].includes(type);

describe.each(testDatabaseKinds)('reviews API on %s', (kind) => {
  let database: TestDatabase;
  let app: Express;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let agent: Agent;
  let other: Awaited<ReturnType<typeof createUser>>;
  let otherReviewId: number;
  let locationName: string;
  const idsByName = new Map<string, number>();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const db = database.handle.db;
    app = createTestApp(db);
    owner = await createUser(db);
    other = await createUser(db);
    const location = await createLocation(db, owner.id, { name: 'Harbour Street' });
    locationName = location.name;
    for (const row of DATA) {
      const created = await createReview(db, owner.id, {
        type: row.type as 'google',
        rating: row.rating,
        content: row.content,
        reviewerName: row.name,
        locationId: location.id,
        createdAt: daysAgo(row.age),
        responseContent: row.responded ? `Thanks ${row.name}` : null,
        respondedAt: row.responded ? daysAgo(row.age - 0.5) : null,
      });
      idsByName.set(row.name, created.id);
    }
    const otherLocation = await createLocation(database.handle.db, other.id);
    otherReviewId = (
      await createReview(db, other.id, {
        content: 'Great coffee elsewhere',
        reviewerName: 'Alice Moss',
        locationId: otherLocation.id,
      })
    ).id;
    agent = await signedInAgent(app, owner);
  });
  afterAll(async () => {
    await database?.drop();
  });

  describe('GET /api/reviews', () => {
    it('when not signed in, then it answers 401', async () => {
      const res = await (await import('supertest')).default(app).get('/api/reviews');
      expect(res.status).toBe(401);
    });

    it('when listing with no filter, then it answers only the own reviews newest first in the Review shape', async () => {
      const res = await agent.get('/api/reviews');

      expect(res.status).toBe(200);
      expect(res.headers['x-total-count']).toBe(String(DATA.length));
      expect(res.body.map((r: { reviewerName: string }) => r.reviewerName)).toEqual(DATA.map((r) => r.name));
      const first = res.body[0];
      expect(first).toEqual({
        id: idsByName.get('Alice Moss'),
        type: 'google',
        rating: 5,
        content: 'Great coffee and friendly staff',
        videoUrl: null,
        contactId: null,
        locationId: expect.any(Number),
        locationName,
        reviewRequestId: null,
        reviewerName: 'Alice Moss',
        sourceUrl: null,
        createdAt: daysAgo(1).toISOString(),
        responseContent: 'Thanks Alice Moss',
        respondedAt: daysAgo(0.5).toISOString(),
        responsePublishedTo: null,
        pendingReply: null,
        replyPublishState: null,
        replyPublishError: null,
        recommendation: null,
        ratingAtReply: null,
        removedFromSiteAt: null,
      });
      expect(res.body.some((r: { id: number }) => r.id === otherReviewId)).toBe(false);
    });

    it('when a review has an unknown type, then it is answered as private', async () => {
      const res = await agent.get('/api/reviews');
      const ivy = res.body.find((r: { reviewerName: string }) => r.reviewerName === 'Ivy Chen');
      expect(ivy.type).toBe('private');
    });

    it.each([
      ['all', () => namesWhere(() => true)],
      ['positive', () => namesWhere((r) => r.rating >= 4)],
      ['negative', () => namesWhere((r) => r.rating <= 3)],
      ['responded', () => namesWhere((r) => r.responded)],
      ['unresponded', () => namesWhere((r) => !r.responded)],
      ['google', () => namesWhere((r) => r.type === 'google')],
      ['facebook', () => namesWhere((r) => r.type === 'facebook')],
      ['private', () => namesWhere((r) => isPrivate(r.type))],
      ['video', () => namesWhere((r) => r.type === 'video')],
    ])(
      'when filtering by %s, then it answers exactly the matching reviews and their count',
      async (filter, expected) => {
        const res = await agent.get('/api/reviews').query({ filter });

        expect(res.status).toBe(200);
        const names = res.body.map((r: { reviewerName: string }) => r.reviewerName);
        expect(names).toEqual(expected());
        expect(res.headers['x-total-count']).toBe(String(expected().length));
      },
    );

    it('when the filter is not one of the nine options, then it answers 400', async () => {
      const res = await agent.get('/api/reviews').query({ filter: 'excellent' });
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    });

    it('when paging, then each page holds its slice and the total stays the full count', async () => {
      const page1 = await agent.get('/api/reviews').query({ page: 1, pageSize: 4 });
      const page3 = await agent.get('/api/reviews').query({ page: 3, pageSize: 4 });

      expect(page1.body.map((r: { reviewerName: string }) => r.reviewerName)).toEqual(
        DATA.slice(0, 4).map((r) => r.name),
      );
      expect(page3.body.map((r: { reviewerName: string }) => r.reviewerName)).toEqual(
        DATA.slice(8).map((r) => r.name),
      );
      expect(page3.headers['x-total-count']).toBe(String(DATA.length));
    });

    it('when paging with a filter, then the total counts the filtered rows', async () => {
      const res = await agent.get('/api/reviews').query({ filter: 'positive', page: 2, pageSize: 2 });
      const positives = namesWhere((r) => r.rating >= 4);
      expect(res.body.map((r: { reviewerName: string }) => r.reviewerName)).toEqual(positives.slice(2, 4));
      expect(res.headers['x-total-count']).toBe(String(positives.length));
    });

    it('when the page is past the end, then it answers an empty array and the right total', async () => {
      const res = await agent.get('/api/reviews').query({ page: 99, pageSize: 10 });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
      expect(res.headers['x-total-count']).toBe(String(DATA.length));
    });

    it('when only the page is given, then the page size is ten', async () => {
      const res = await agent.get('/api/reviews').query({ page: 2 });
      expect(res.body.map((r: { reviewerName: string }) => r.reviewerName)).toEqual([DATA[10].name]);
    });

    it.each([
      ['pageSize 0', { page: 1, pageSize: 0 }],
      ['a negative pageSize', { page: 1, pageSize: -5 }],
      ['a huge pageSize', { page: 1, pageSize: 100000 }],
      ['page 0', { page: 0, pageSize: 10 }],
      ['a negative page', { page: -1, pageSize: 10 }],
      ['a page that is not a number', { page: 'two', pageSize: 10 }],
      ['a fractional pageSize', { page: 1, pageSize: 2.5 }],
    ])('when asking for %s, then it answers 400 with a message', async (_label, query) => {
      const res = await agent.get('/api/reviews').query(query);
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
      expect(res.body.details).toBeDefined();
    });

    it('when searching, then it matches content case-insensitively', async () => {
      const res = await agent.get('/api/reviews').query({ q: 'croissants' });
      expect(res.body.map((r: { reviewerName: string }) => r.reviewerName)).toEqual(['Jon Kim']);
      expect(res.headers['x-total-count']).toBe('1');
    });

    it('when searching, then it matches the reviewer name and never another client', async () => {
      const res = await agent.get('/api/reviews').query({ q: 'aLiCe' });
      expect(res.body.map((r: { id: number }) => r.id)).toEqual([idsByName.get('Alice Moss')]);
    });

    it('when searching for % or _, then they match literally, not as wildcards', async () => {
      const percent = await agent.get('/api/reviews').query({ q: '%' });
      const underscore = await agent.get('/api/reviews').query({ q: '_' });
      const backslash = await agent.get('/api/reviews').query({ q: '\\' });

      expect(percent.body.map((r: { reviewerName: string }) => r.reviewerName)).toEqual(['Erin Wu']);
      expect(underscore.body.map((r: { reviewerName: string }) => r.reviewerName)).toEqual(['Frank_Lee']);
      expect(backslash.body).toEqual([]);
    });

    it('when searching together with a filter, then both apply', async () => {
      const res = await agent.get('/api/reviews').query({ q: 'e', filter: 'facebook' });
      expect(res.body.map((r: { reviewerName: string }) => r.reviewerName)).toEqual(
        namesWhere((r) => r.type === 'facebook' && /e/i.test(r.content + r.name)),
      );
    });
  });

  describe('GET /api/reviews past the count bound', () => {
    it('when more reviews match than REVIEW_COUNT_CAP, then X-Total-Count stops at it and says it is capped', async () => {
      const db = database.handle.db;
      const bulk = await createUser(db);
      const rows = Array.from({ length: REVIEW_COUNT_CAP + 1 }, (_, i) => ({
        ownerId: bulk.id,
        type: 'private' as const,
        rating: 5,
        createdAt: new Date(BASE - i * 60_000),
      }));
      await db.insert(reviewsTable).values(rows);
      const bulkAgent = await signedInAgent(app, bulk);

      const capped = await bulkAgent.get('/api/reviews?page=1&pageSize=10');
      const exact = await bulkAgent.get('/api/reviews?page=1&pageSize=10&filter=negative');

      expect(capped.status).toBe(200);
      expect(capped.headers['x-total-count']).toBe(String(REVIEW_COUNT_CAP));
      expect(capped.headers['x-total-count-capped']).toBe('true');
      expect(capped.body).toHaveLength(10);
      expect(exact.headers['x-total-count']).toBe('0');
      expect(exact.headers['x-total-count-capped']).toBeUndefined();
    });

    it('when more reviews match a search than SEARCH_COUNT_CAP, then its count stops there while the list counts on', async () => {
      const db = database.handle.db;
      const bulk = await createUser(db);
      const review = (content: string, i: number) => ({
        ownerId: bulk.id,
        type: 'private' as const,
        rating: 5,
        content,
        createdAt: new Date(BASE - i * 60_000),
      });
      await db
        .insert(reviewsTable)
        .values([
          ...Array.from({ length: SEARCH_COUNT_CAP + 1 }, (_, i) => review('Quick and kind', i)),
          ...Array.from({ length: 5 }, (_, i) => review('Slow but fair', SEARCH_COUNT_CAP + 1 + i)),
        ]);
      const bulkAgent = await signedInAgent(app, bulk);

      const common = await bulkAgent.get('/api/reviews?page=1&pageSize=10&q=quick');
      const rare = await bulkAgent.get('/api/reviews?page=1&pageSize=10&q=slow');
      const all = await bulkAgent.get('/api/reviews?page=1&pageSize=10');

      expect(common.headers['x-total-count']).toBe(String(SEARCH_COUNT_CAP));
      expect(common.headers['x-total-count-capped']).toBe('true');
      expect(common.body).toHaveLength(10);
      expect(rare.headers['x-total-count']).toBe('5');
      expect(rare.headers['x-total-count-capped']).toBeUndefined();
      expect(all.headers['x-total-count']).toBe(String(SEARCH_COUNT_CAP + 6));
      expect(all.headers['x-total-count-capped']).toBeUndefined();
    });
  });

  describe('GET /api/reviews without paging', () => {
    it('when a client has more than 1,000 reviews, then it answers the newest 1,000 and the full total', async () => {
      const db = database.handle.db;
      const bulk = await createUser(db);
      const rows = Array.from({ length: UNPAGED_LIMIT + 5 }, (_, i) => ({
        ownerId: bulk.id,
        type: 'private' as const,
        rating: 5,
        content: `review ${i}`,
        reviewerName: `Customer ${i}`,
        createdAt: new Date(BASE - i * 60_000),
      }));
      await db.insert(reviewsTable).values(rows);
      const bulkAgent = await signedInAgent(app, bulk);

      const res = await bulkAgent.get('/api/reviews');

      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(UNPAGED_LIMIT);
      expect(res.headers['x-total-count']).toBe(String(UNPAGED_LIMIT + 5));
      expect(res.body[0].content).toBe('review 0');
      expect(res.body[UNPAGED_LIMIT - 1].content).toBe(`review ${UNPAGED_LIMIT - 1}`);

      // The export streams past one batch of 1,000 by keyset and never repeats nor skips a row.
      const csv = await bulkAgent.get('/api/reviews/export.csv').buffer(true);
      const records = parse(csv.text.replace(/^\uFEFF/, '')) as string[][];
      expect(records).toHaveLength(UNPAGED_LIMIT + 6);
      const contents = records.slice(1).map((r) => r[5]);
      expect(new Set(contents).size).toBe(UNPAGED_LIMIT + 5);
      expect(contents[0]).toBe('review 0');
      expect(contents.at(-1)).toBe(`review ${UNPAGED_LIMIT + 4}`);
    });

    it('when many reviews share one timestamp, then the export pages through all of them by id', async () => {
      const db = database.handle.db;
      const same = await createUser(db);
      const at = new Date(BASE);
      await db.insert(reviewsTable).values(
        Array.from({ length: 1003 }, (_, i) => ({
          ownerId: same.id,
          type: 'google' as const,
          rating: 4,
          content: `same ${i}`,
          createdAt: at,
        })),
      );
      const csv = await (await signedInAgent(app, same)).get('/api/reviews/export.csv').buffer(true);
      const records = parse(csv.text.replace(/^\uFEFF/, '')) as string[][];
      expect(new Set(records.slice(1).map((r) => r[5])).size).toBe(1003);
    });
  });

  describe('GET /api/reviews by cursor (deep pages by keyset)', () => {
    /** Walks the whole list by X-Next-Cursor and answers the ids in the order the pages gave them. */
    async function walk(walker: Agent, query: Record<string, string | number>): Promise<number[]> {
      const ids: number[] = [];
      let res = await walker.get('/api/reviews').query({ ...query, page: 1 });
      for (let pages = 0; pages < 50; pages += 1) {
        expect(res.status).toBe(200);
        ids.push(...(res.body as { id: number }[]).map((r) => r.id));
        const next = res.headers['x-next-cursor'];
        if (!next) return ids;
        res = await walker.get('/api/reviews').query({ ...query, cursor: next });
      }
      throw new Error('the cursor never ended');
    }

    it('when reviews share a millisecond or a whole timestamp, then the cursor pages match the offset pages with no gap nor repeat', async () => {
      const db = database.handle.db;
      const client = await createUser(db);
      await db.insert(reviewsTable).values(
        Array.from({ length: 23 }, (_, i) => ({
          ownerId: client.id,
          type: (i % 2 ? 'google' : 'private') as 'google',
          rating: (i % 5) + 1,
          content: `keyset ${i}`,
          createdAt: new Date(BASE - Math.floor(i / 3) * 60_000),
        })),
      );
      // Microseconds a JS Date cannot hold: the same millisecond, different instants.
      await db.execute(
        sql`update reviews set created_at = created_at + (id % 3) * interval '1 microsecond'
            where owner_id = ${client.id} and id % 2 = 0`,
      );
      const walker = await signedInAgent(app, client);

      const all = await walker.get('/api/reviews').query({ page: 1, pageSize: 100 });
      const expected = (all.body as { id: number }[]).map((r) => r.id);
      expect(expected).toHaveLength(23);
      expect(all.headers['x-next-cursor']).toBeUndefined();

      expect(await walk(walker, { pageSize: 4 })).toEqual(expected);
      const positive = await walker.get('/api/reviews').query({ filter: 'positive', page: 1, pageSize: 100 });
      expect(await walk(walker, { pageSize: 3, filter: 'positive' })).toEqual(
        (positive.body as { id: number }[]).map((r) => r.id),
      );
    });

    it('when a cursor is given with a page number, then the cursor decides and the total stays the full count', async () => {
      const page1 = await agent.get('/api/reviews').query({ page: 1, pageSize: 4 });
      const page2 = await agent.get('/api/reviews').query({ page: 2, pageSize: 4 });

      const byCursor = await agent
        .get('/api/reviews')
        .query({ page: 7, pageSize: 4, cursor: page1.headers['x-next-cursor'] });

      expect(byCursor.status).toBe(200);
      expect(byCursor.body).toEqual(page2.body);
      expect(byCursor.headers['x-total-count']).toBe(String(DATA.length));
      expect(byCursor.headers['access-control-expose-headers']).toContain('X-Next-Cursor');
    });

    it("when another client's cursor is used, then it answers only the caller's own reviews", async () => {
      const page1 = await agent.get('/api/reviews').query({ page: 1, pageSize: 1 });
      const otherAgent = await signedInAgent(app, other);

      const res = await otherAgent
        .get('/api/reviews')
        .query({ pageSize: 10, cursor: page1.headers['x-next-cursor'] });

      expect(res.status).toBe(200);
      expect((res.body as { id: number }[]).every((r) => r.id === otherReviewId)).toBe(true);
    });

    it.each([
      ['not base64url', 'abc$%'],
      ['base64url of something else', Buffer.from('2026-01-01|12').toString('base64url')],
      [
        'an id out of range',
        Buffer.from('2026-01-01T00:00:00.000000Z|99999999999999999').toString('base64url'),
      ],
      ['too long', 'a'.repeat(201)],
    ])('when the cursor is %s, then it answers 400 JSON naming the cursor', async (_, cursor) => {
      const res = await agent.get('/api/reviews').query({ pageSize: 4, cursor });

      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/cursor/);
    });
  });

  describe('GET /api/reviews/export.csv', () => {
    it('when exporting, then it downloads a BOM-prefixed CSV attachment with the columns and own rows', async () => {
      const res = await agent.get('/api/reviews/export.csv').buffer(true);

      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="reviews-${new Date().toISOString().slice(0, 10)}.csv"`,
      );
      expect(res.text.startsWith('\uFEFF')).toBe(true);
      const records = parse(res.text.slice(1)) as string[][];
      expect(records[0]).toEqual([...REVIEW_EXPORT_COLUMNS]);
      expect(records).toHaveLength(DATA.length + 1);
      expect(records[1]).toEqual([
        daysAgo(1).toISOString(),
        'Alice Moss',
        '5',
        'google',
        locationName,
        'Great coffee and friendly staff',
        'Yes',
        'Thanks Alice Moss',
        daysAgo(0.5).toISOString(),
      ]);
      expect(records[2]!.slice(6)).toEqual(['No', '', '']);
      expect(res.text).not.toContain('Great coffee elsewhere');
    });

    it('when exporting with a filter and a search, then only matching rows are written', async () => {
      const res = await agent
        .get('/api/reviews/export.csv')
        .query({ filter: 'negative', q: 'o' })
        .buffer(true);
      const records = parse(res.text.slice(1)) as string[][];
      expect(records.slice(1).map((r) => r[1])).toEqual(
        namesWhere((r) => r.rating <= 3 && /o/i.test(r.content + r.name)),
      );
    });

    it('when the filter is bad, then it answers 400 JSON, not a file', async () => {
      const res = await agent.get('/api/reviews/export.csv').query({ filter: 'nope' });
      expect(res.status).toBe(400);
      expect(res.headers['content-disposition']).toBeUndefined();
    });

    it('when cells hold commas, quotes, line breaks or formulas, then they are quoted and neutralised', async () => {
      const db = database.handle.db;
      const tricky = await createUser(db);
      const cells = [
        'Good, "really" good',
        'Line one\nline two',
        '=HYPERLINK("http://evil.example","click")',
        '+1 for the service',
        '-2 stars from me',
        '@SUM(A1:A2)',
        '\tindented',
        '\rreturn',
        'plain text',
      ];
      for (const [i, content] of cells.entries()) {
        await createReview(db, tricky.id, {
          content,
          reviewerName: i === 0 ? '=cmd|calc' : 'Pat',
          createdAt: new Date(BASE - i * 1000),
        });
      }

      const res = await (await signedInAgent(app, tricky)).get('/api/reviews/export.csv').buffer(true);

      expect(res.text).toContain('"Good, ""really"" good"');
      expect(res.text).toContain('"Line one\nline two"');
      expect(res.text).toContain('\r\n');
      const records = parse(res.text.slice(1)) as string[][];
      expect(records.slice(1).map((r) => r[5])).toEqual([
        'Good, "really" good',
        'Line one\nline two',
        `'=HYPERLINK("http://evil.example","click")`,
        "'+1 for the service",
        "'-2 stars from me",
        "'@SUM(A1:A2)",
        "'\tindented",
        "'\rreturn",
        'plain text',
      ]);
      expect(records[1]![1]).toBe("'=cmd|calc");
    });
  });

  describe('POST /api/reviews/:id/response', () => {
    it('when answering an unanswered review, then it stores the trimmed response with respondedAt', async () => {
      const id = idsByName.get('Kai Olsen')!;
      const before = Date.now();

      const res = await agent
        .post(`/api/reviews/${id}/response`)
        .send({ responseContent: '  Thank you, Kai!  ' });

      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id,
        responseContent: 'Thank you, Kai!',
        reviewerName: 'Kai Olsen',
        locationName,
      });
      expect(new Date(res.body.respondedAt).getTime()).toBeGreaterThanOrEqual(before - 5000);
      const list = await agent.get('/api/reviews').query({ filter: 'responded' });
      expect(list.body.map((r: { id: number }) => r.id)).toContain(id);
    });

    it('when answering a second time, then it answers 409 and keeps the first response', async () => {
      const id = idsByName.get('Hugo Berg')!;
      await agent.post(`/api/reviews/${id}/response`).send({ responseContent: 'First' }).expect(200);

      const res = await agent.post(`/api/reviews/${id}/response`).send({ responseContent: 'Second' });

      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: 'This review has already been answered', code: 'conflict' });
      const list = await agent.get('/api/reviews').query({ q: 'Hugo' });
      expect(list.body[0].responseContent).toBe('First');
    });

    it('when two answers race, then exactly one wins', async () => {
      const id = idsByName.get('Jon Kim')!;
      const results = await Promise.all(
        ['One', 'Two', 'Three'].map((text) =>
          agent.post(`/api/reviews/${id}/response`).send({ responseContent: text }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    });

    it("when the review is another client's or missing, then it answers 404", async () => {
      const foreign = await agent
        .post(`/api/reviews/${otherReviewId}/response`)
        .send({ responseContent: 'Hi' });
      const missing = await agent.post('/api/reviews/2147483647/response').send({ responseContent: 'Hi' });

      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual({ message: 'Review not found', code: 'not_found' });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: 'Review not found', code: 'not_found' });
    });

    it.each(['abc', '0', '-1', '99999999999', '1.5'])(
      'when the id is %s, then it answers 400',
      async (bad) => {
        const res = await agent.post(`/api/reviews/${bad}/response`).send({ responseContent: 'Hi' });
        expect(res.status).toBe(400);
        expect(res.body.message).toEqual(expect.any(String));
      },
    );

    it.each([
      ['an empty body', {}, 'Please enter a response'],
      ['an empty response', { responseContent: '' }, 'Please enter a response'],
      ['a whitespace response', { responseContent: '   \n\t ' }, 'Please enter a response'],
      [
        'a response that is too long',
        { responseContent: 'x'.repeat(RESPONSE_MAX + 1) },
        `Responses are limited to ${RESPONSE_MAX} characters`,
      ],
      ['a number', { responseContent: 42 }, 'Please enter a response'],
    ])('when the body has %s, then it answers 400 and writes nothing', async (_label, body, message) => {
      const id = idsByName.get('Erin Wu')!;
      const res = await agent.post(`/api/reviews/${id}/response`).send(body);

      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.details).toEqual({ responseContent: [message] });
      const list = await agent.get('/api/reviews').query({ q: 'Erin' });
      expect(list.body[0].responseContent).toBeNull();
    });
  });

  describe('the admin mirror /api/admin/clients/{id}/reviews', () => {
    it("when an admin lists a client's reviews, then only that client's reviews come back", async () => {
      const admin = await createUser(database.handle.db, { role: 'admin' });
      const adminAgent = await signedInAgent(app, admin);

      const res = await adminAgent.get(`/api/admin/clients/${other.id}/reviews`);

      expect(res.status).toBe(200);
      expect(res.body.map((r: { id: number }) => r.id)).toEqual([otherReviewId]);
      expect(res.headers['x-total-count']).toBe('1');
    });

    it('when an admin answers inside a client, then it acts as that client', async () => {
      const admin = await createUser(database.handle.db, { role: 'admin' });
      const adminAgent = await signedInAgent(app, admin);
      const id = idsByName.get('Carla Diaz')!;

      const wrongClient = await adminAgent
        .post(`/api/admin/clients/${other.id}/reviews/${id}/response`)
        .send({ responseContent: 'From the admin' });
      const rightClient = await adminAgent
        .post(`/api/admin/clients/${owner.id}/reviews/${id}/response`)
        .send({ responseContent: 'From the admin' });

      expect(wrongClient.status).toBe(404);
      expect(rightClient.status).toBe(200);
      expect(rightClient.body.responseContent).toBe('From the admin');
      const seenByOwner = await agent.get('/api/reviews').query({ q: 'Carla' });
      expect(seenByOwner.body[0].responseContent).toBe('From the admin');
    });

    it('when a client uses the admin mirror, then it answers 403', async () => {
      const res = await agent.get(`/api/admin/clients/${other.id}/reviews`);
      expect(res.status).toBe(403);
    });
  });
});
