import type { Express } from 'express';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { createTestApp } from '../../../testing/test-app';
import {
  createLocation,
  createMember,
  createReview,
  createUser,
  signedInAgent,
} from '../../../testing/factories';

type Agent = Awaited<ReturnType<typeof signedInAgent>>;

const ids = (body: { id: number }[]) => body.map((r) => r.id);

describe.each(testDatabaseKinds)('the review list by location and dates (issue 41) on %s', (kind) => {
  let database: TestDatabase;
  let app: Express;
  let agent: Agent;
  let clientId: number;
  let downtown: number;
  let harbour: number;
  /** Reviews by name: two locations, written on either side of UTC midnights. */
  const made: Record<string, number> = {};

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = createTestApp(database.handle.db);
    const db = database.handle.db;
    const user = await createUser(db);
    clientId = user.id;
    downtown = (await createLocation(db, user.id, { name: 'Downtown' })).id;
    harbour = (await createLocation(db, user.id, { name: 'Harbour' })).id;
    const rows = [
      ['lastFebDowntown', downtown, '2026-02-28T23:59:59.999Z'],
      ['firstMarchDowntown', downtown, '2026-03-01T00:00:00.000Z'],
      ['midMarchHarbour', harbour, '2026-03-15T12:00:00.000Z'],
      ['lastMarchDowntown', downtown, '2026-03-31T23:59:59.999Z'],
      ['firstAprilHarbour', harbour, '2026-04-01T00:00:00.000Z'],
    ] as const;
    for (const [name, locationId, at] of rows) {
      made[name] = (await createReview(db, user.id, { locationId, createdAt: new Date(at) })).id;
    }
    agent = await signedInAgent(app, user);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('when a location is chosen, then only its reviews are listed and counted', async () => {
    const res = await agent.get(`/api/reviews?locationId=${harbour}&page=1&pageSize=10`).expect(200);

    expect(ids(res.body)).toEqual([made.firstAprilHarbour, made.midMarchHarbour]);
    expect(res.headers['x-total-count']).toBe('2');
  });

  it('when a date range is chosen, then both days are included whole, in UTC', async () => {
    const res = await agent.get('/api/reviews?from=2026-03-01&to=2026-03-31&page=1&pageSize=10').expect(200);

    expect(ids(res.body)).toEqual([made.lastMarchDowntown, made.midMarchHarbour, made.firstMarchDowntown]);
    expect(res.headers['x-total-count']).toBe('3');
    const fromOnly = await agent.get('/api/reviews?from=2026-03-31').expect(200);
    expect(ids(fromOnly.body)).toEqual([made.firstAprilHarbour, made.lastMarchDowntown]);
    const toOnly = await agent.get('/api/reviews?to=2026-02-28').expect(200);
    expect(ids(toOnly.body)).toEqual([made.lastFebDowntown]);
  });

  it('when the location, the dates and a filter are combined, then the list and its next page keep all of them', async () => {
    const query = `locationId=${downtown}&from=2026-03-01&to=2026-03-31&filter=all`;
    const first = await agent.get(`/api/reviews?${query}&pageSize=1`).expect(200);
    expect(ids(first.body)).toEqual([made.lastMarchDowntown]);
    expect(first.headers['x-total-count']).toBe('2');

    const next = await agent
      .get(`/api/reviews?${query}&pageSize=1&cursor=${first.headers['x-next-cursor']}`)
      .expect(200);
    expect(ids(next.body)).toEqual([made.firstMarchDowntown]);
  });

  it('when the export is asked with the same filters, then it holds the same reviews', async () => {
    const res = await agent
      .get(`/api/reviews/export.csv?locationId=${harbour}&from=2026-03-01&to=2026-03-31`)
      .buffer(true)
      .expect(200);

    const lines = parse(res.text.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(lines.map((l) => l.Date)).toEqual(['2026-03-15T12:00:00.000Z']);
    expect(lines[0]!.Location).toBe('Harbour');
  });

  it.each([
    ['from=2026-04-02&to=2026-04-01', 'from must be on or before to'],
    ['from=2026-02-30', 'from is not a real date'],
    ['to=yesterday', 'to must be a date like 2026-03-01'],
    ['from=2026-13-01', 'from is not a real date'],
    ['locationId=abc', undefined],
  ])('when the list is asked with %s, then it answers 400 saying why', async (query, message) => {
    for (const path of ['/api/reviews', '/api/reviews/export.csv']) {
      const res = await agent.get(`${path}?${query}`);
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
      if (message) expect(res.body.message).toBe(message);
    }
  });

  it("when another client's location is asked for, then nothing of theirs is listed", async () => {
    const stranger = await createUser(database.handle.db);
    const strangerAgent = await signedInAgent(app, stranger);

    const res = await strangerAgent.get(`/api/reviews?locationId=${downtown}`).expect(200);

    expect(res.body).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
  });

  it('when a member limited to one location asks for another, then the list is empty; for their own, it is theirs', async () => {
    const { user } = await createMember(database.handle.db, clientId, {
      role: 'responder',
      locationIds: [harbour],
    });
    const member = await signedInAgent(app, user);

    const other = await member.get(`/api/reviews?locationId=${downtown}`).expect(200);
    const own = await member.get(`/api/reviews?locationId=${harbour}`).expect(200);

    expect(other.body).toEqual([]);
    expect(ids(own.body)).toEqual([made.firstAprilHarbour, made.midMarchHarbour]);
  });
});
