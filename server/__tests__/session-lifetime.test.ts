import supertest from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../lib/session';
import { createUser, signedInAgent } from '../testing/factories';
import { createTestApp } from '../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing/test-db';

const DAY = 24 * 60 * 60 * 1000;

/** Sessions end when unused for 7 days, and 30 days after sign-in however active (SECURITY.md). */
describe.each(testDatabaseKinds)('session lifetime on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Moves the clock the server and the cookie jar read (Date only: timers and the database run as usual). */
  function clockAt(start: number) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    return (ms: number) => vi.setSystemTime(Date.now() + ms);
  }

  it('when a session is used every few days, then it still ends 30 days after sign-in', async () => {
    const app = createTestApp(database.handle.db);
    const user = await createUser(database.handle.db);
    const advance = clockAt(Date.now());
    const agent = await signedInAgent(app, user);

    // Used on days 6, 12, 18, 24 and 29: never idle long enough to expire.
    const answers: number[] = [];
    for (const gap of [6, 6, 6, 6, 5]) {
      advance(gap * DAY);
      answers.push((await agent.get('/api/user')).status);
    }
    // Day 31: two days after its last use, but past 30 days since sign-in.
    advance(SESSION_ABSOLUTE_MS - 29 * DAY + DAY);
    const afterThirty = await agent.get('/api/user');

    expect(answers).toEqual([200, 200, 200, 200, 200]);
    expect(afterThirty.status).toBe(401);
  });

  it('when a session is left unused for more than 7 days, then it ends', async () => {
    const app = createTestApp(database.handle.db);
    const user = await createUser(database.handle.db);
    const advance = clockAt(Date.now());
    const agent = await signedInAgent(app, user);

    advance(SESSION_IDLE_MS - DAY);
    expect((await agent.get('/api/user')).status).toBe(200);
    advance(SESSION_IDLE_MS + DAY);
    expect((await agent.get('/api/user')).status).toBe(401);
  });

  it('when a signed-in user keeps using the app, then the cookie is renewed once a minute, not on every answer', async () => {
    const app = createTestApp(database.handle.db);
    const user = await createUser(database.handle.db);
    const advance = clockAt(Date.now());
    const agent = await signedInAgent(app, user);
    const signedInCookie = (await agent.get('/api/user')).headers['set-cookie'];

    advance(30_000);
    const withinTheMinute = await agent.get('/api/user');
    advance(31_000);
    const aMinuteOn = await agent.get('/api/user');
    const renewedAt = Date.now();
    const renewed = aMinuteOn.headers['set-cookie']?.[0] ?? '';
    // Past the week the sign-in gave, within the week the renewal gave.
    advance(SESSION_IDLE_MS - 30_000);
    const aWeekOn = await agent.get('/api/user');

    expect(signedInCookie).toBeUndefined();
    expect(withinTheMinute.status).toBe(200);
    expect(withinTheMinute.headers['set-cookie']).toBeUndefined();
    expect(renewed).toMatch(/^rf\.sid=s%3A[^;]+; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    const expires = Date.parse(/Expires=([^;]+)/.exec(renewed)![1]!);
    expect(Math.abs(expires - (renewedAt + SESSION_IDLE_MS))).toBeLessThan(2_000);
    expect(aWeekOn.status).toBe(200);
  });

  it('when a page sends several requests at once after a minute, then one of them renews the session', async () => {
    const app = createTestApp(database.handle.db);
    const user = await createUser(database.handle.db);
    const advance = clockAt(Date.now());
    const agent = await signedInAgent(app, user);

    advance(61_000);
    const answers = await Promise.all([1, 2, 3, 4].map(() => agent.get('/api/user')));

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.headers['set-cookie']).length).toBe(1);
  });

  it('when the session came over TLS, then its renewed cookie is Secure and is never sent over plain http', async () => {
    const app = createTestApp(database.handle.db, { TRUST_PROXY: '1' });
    const user = await createUser(database.handle.db);
    const advance = clockAt(Date.now());
    const signIn = await supertest(app)
      .post('/api/login')
      .set('X-Forwarded-Proto', 'https')
      .send({ email: user.email, password: user.password });
    const cookie = (signIn.headers['set-cookie'] as unknown as string[])
      .find((set) => set.startsWith('rf.sid='))!
      .split(';')[0]!;

    advance(61_000);
    const overTls = await supertest(app)
      .get('/api/user')
      .set('Cookie', cookie)
      .set('X-Forwarded-Proto', 'https');
    advance(61_000);
    const overHttp = await supertest(app).get('/api/user').set('Cookie', cookie);

    expect(overHttp.status).toBe(200);
    expect(overHttp.headers['set-cookie']).toBeUndefined();
    expect(overTls.status).toBe(200);
    const renewed = overTls.headers['set-cookie'] as unknown as string[];
    expect(renewed.find((set) => set.startsWith('rf.sid='))).toMatch(/; HttpOnly; Secure; SameSite=Lax$/);
    // The readable hint is renewed with it, as secure.
    expect(renewed.find((set) => set.startsWith('rf_signed_in='))).toMatch(/; Secure; SameSite=Lax$/);
  });
});
