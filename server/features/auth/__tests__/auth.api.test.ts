import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { agentFor, createTestApp, createTestContext } from '../../../testing/test-app';
import { createUser, DEFAULT_PASSWORD, registrationFor } from '../../../testing/factories';
import { DEFAULT_REQUEST_SETTINGS } from '@shared/schemas/request-settings';
import { rateLimits } from '../../../db/schema';
import { pruneRateLimits } from '../../../lib/rate-limit';
import { SESSION_COOKIE } from '../../../lib/session';
import { SIGNED_IN_HINT_COOKIE } from '@shared/signed-in-hint';

const cookiesOf = (header: unknown) => (Array.isArray(header) ? (header as string[]) : []);
const sessionCookieOf = (header: unknown) =>
  cookiesOf(header)
    .find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))
    ?.split(';')[0];
const hintOf = (header: unknown) =>
  cookiesOf(header).find((cookie) => cookie.startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
import { ACCOUNT_WINDOW_FAILURES, createLoginThrottle, FREE_FAILURES, pauseSeconds } from '../login-throttle';

describe.each(testDatabaseKinds)('accounts API on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  const app = () => createTestApp(database.handle.db);

  describe('POST /api/register', () => {
    it('when the form is valid, then it creates the client, signs them in and never returns the hash', async () => {
      const agent = agentFor(app());
      const form = registrationFor({ firstName: 'Robin' });

      const res = await agent.post('/api/register').send({ ...form, username: form.email });

      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ email: form.email, firstName: 'Robin', role: 'client' });
      expect(JSON.stringify(res.body)).not.toMatch(/password|scrypt/i);
      const me = await agent.get('/api/user');
      expect(me.status).toBe(200);
      expect(me.body.email).toBe(form.email);
    });

    it.each([
      ['firstName', { firstName: 'A' }, 'First name must be at least 2 characters.'],
      ['companyName', { companyName: ' B ' }, 'Company name must be at least 2 characters.'],
      ['email', { email: 'not-an-email' }, 'Please enter a valid email address.'],
      ['password', { password: '1234567' }, 'Password must be at least 8 characters.'],
      ['password', { password: '123456789' }, 'This password is too common. Please choose another.'],
    ])(
      'when %s is invalid, then it answers 400 with the spec message for that field',
      async (field, bad, message) => {
        const res = await agentFor(app())
          .post('/api/register')
          .send({ ...registrationFor(), ...bad });

        expect(res.status).toBe(400);
        expect(res.body.message).toBe(message);
        expect(res.body.details).toEqual({ [field]: [message] });
      },
    );

    it('when the email is already registered in another case, then it answers 409', async () => {
      const form = registrationFor();
      await agentFor(app()).post('/api/register').send(form).expect(201);

      const res = await agentFor(app())
        .post('/api/register')
        .send({ ...registrationFor(), email: form.email.toUpperCase() });

      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: 'An account with this email already exists', code: 'email_taken' });
    });

    it('when the body asks for the admin role, then the account is still a client', async () => {
      const res = await agentFor(app())
        .post('/api/register')
        .send({ ...registrationFor(), role: 'admin' });

      expect(res.status).toBe(201);
      expect(res.body.role).toBe('client');
    });

    it("when the browser sends its time zone, then it becomes the business's, with the other settings at their defaults", async () => {
      const agent = agentFor(app());

      await agent
        .post('/api/register')
        .send({ ...registrationFor(), timeZone: 'Europe/London' })
        .expect(201);

      const settings = await agent.get('/api/request-settings').expect(200);
      expect(settings.body).toEqual({ ...DEFAULT_REQUEST_SETTINGS, timeZone: 'Europe/London' });
    });

    it.each([['Mars/Olympus'], [42], ['']])(
      'when the time zone sent is bogus (%j), then the account is still created, with no zone',
      async (timeZone) => {
        const agent = agentFor(app());

        const res = await agent.post('/api/register').send({ ...registrationFor(), timeZone });

        expect(res.status).toBe(201);
        expect((await agent.get('/api/request-settings').expect(200)).body.timeZone).toBeNull();
      },
    );
  });

  describe('POST /api/login', () => {
    it('when the credentials are right, then it answers the user and a fresh httpOnly SameSite session cookie', async () => {
      const user = await createUser(database.handle.db);
      const agent = agentFor(app());
      const anonymous = await agent.get('/api/user');
      const before = anonymous.headers['set-cookie'];

      const res = await agent
        .post('/api/login')
        .send({ email: user.email.toUpperCase(), password: DEFAULT_PASSWORD });

      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: user.id, email: user.email, firstName: user.firstName });
      expect(res.body).not.toHaveProperty('passwordHash');
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toContain(`${SESSION_COOKIE}=`);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).not.toMatch(/Secure/);
      expect(before).toBeUndefined();
    });

    it('when signed in, then the browser also gets a readable hint that grants nothing, and loses it on sign-out', async () => {
      const user = await createUser(database.handle.db);
      const agent = agentFor(app());

      const login = await agent.post('/api/login').send({ email: user.email, password: DEFAULT_PASSWORD });

      const hint = hintOf(login.headers['set-cookie']);
      expect(hint).toMatch(new RegExp(`^${SIGNED_IN_HINT_COOKIE}=1;`));
      expect(hint).not.toMatch(/HttpOnly/);
      expect(hint).toMatch(/SameSite=Lax/);
      expect(hint).toMatch(/Max-Age=604800/);
      // The hint alone is no session.
      const hintOnly = await agentFor(app()).get('/api/user').set('Cookie', `${SIGNED_IN_HINT_COOKIE}=1`);
      expect(hintOnly.status).toBe(401);
      // ...and a browser whose session is gone loses it, so its next signed-out page asks nothing.
      expect(hintOf(hintOnly.headers['set-cookie'])).toMatch(/^rf_signed_in=;.*Expires=Thu, 01 Jan 1970/);

      const logout = await agent.post('/api/logout');
      expect(hintOf(logout.headers['set-cookie'])).toMatch(/^rf_signed_in=;.*Expires=Thu, 01 Jan 1970/);
    });

    it('when the request came over TLS through a trusted proxy, then the cookie is Secure', async () => {
      const user = await createUser(database.handle.db);
      const res = await agentFor(createTestApp(database.handle.db, { TRUST_PROXY: '1' }))
        .post('/api/login')
        .set('X-Forwarded-Proto', 'https')
        .send({ email: user.email, password: DEFAULT_PASSWORD });

      expect(res.status).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/Secure/);
    });

    it('when signing in twice, then the session id changes (no session fixation)', async () => {
      const user = await createUser(database.handle.db);
      const agent = agentFor(app());
      const first = await agent.post('/api/login').send({ email: user.email, password: DEFAULT_PASSWORD });
      const second = await agent.post('/api/login').send({ email: user.email, password: DEFAULT_PASSWORD });

      const sid = (res: typeof first) => sessionCookieOf(res.headers['set-cookie']);
      expect(sid(first)).not.toBe(sid(second));
    });

    it('when the password is wrong, then it answers 401 and no session', async () => {
      const user = await createUser(database.handle.db);
      const agent = agentFor(app());

      const res = await agent.post('/api/login').send({ email: user.email, password: 'wrong-password' });

      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Invalid email or password', code: 'invalid_credentials' });
      expect((await agent.get('/api/user')).status).toBe(401);
    });

    it('when the email is unknown, then it answers the same 401 as a wrong password', async () => {
      const res = await agentFor(app())
        .post('/api/login')
        .send({ email: 'nobody@example.com', password: 'whatever-1' });

      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Invalid email or password', code: 'invalid_credentials' });
    });

    it.each([
      [{ email: 'nope', password: 'long-enough' }, 'email', 'Please enter a valid email address.'],
      [{ email: 'a@b.co', password: '123' }, 'password', 'Password must be at least 6 characters.'],
      [{}, 'email', 'Please enter a valid email address.'],
    ])('when the body is %j, then it answers 400 naming %s', async (body, field, message) => {
      const res = await agentFor(app()).post('/api/login').send(body);

      expect(res.status).toBe(400);
      expect(res.body.details[field]).toEqual([message]);
    });

    it('when the JSON is malformed, then it answers 400 with a message', async () => {
      const res = await agentFor(app())
        .post('/api/login')
        .set('Content-Type', 'application/json')
        .send('{"email": "a@b.co", ');

      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Malformed JSON in request body', code: 'malformed_json' });
    });

    it('when the body is larger than MAX_BODY_BYTES, then it answers 413', async () => {
      const res = await agentFor(createTestApp(database.handle.db, { MAX_BODY_BYTES: '1024' }))
        .post('/api/login')
        .send({ email: 'a@b.co', password: 'x'.repeat(5000) });

      expect(res.status).toBe(413);
      expect(res.body).toEqual({ message: 'Request body is too large', code: 'payload_too_large' });
    });

    it('when the sign-in limit is reached, then further attempts answer 429 with a message', async () => {
      const limited = createTestApp(database.handle.db, { RATE_LIMIT_AUTH: '3', TRUST_PROXY: '1' });
      const address = `203.0.113.${kind === 'pglite' ? 9 : 10}`;
      const attempt = () =>
        agentFor(limited)
          .post('/api/login')
          .set('X-Forwarded-For', address)
          .send({ email: 'someone@example.com', password: 'wrong-password' });

      for (let i = 0; i < 3; i += 1) expect((await attempt()).status).toBe(401);
      const res = await attempt();

      expect(res.status).toBe(429);
      expect(res.body.message).toMatch(/Too many sign-in attempts/);
      // Another address is not affected.
      const other = await agentFor(limited)
        .post('/api/login')
        .set('X-Forwarded-For', '198.51.100.1')
        .send({ email: 'someone@example.com', password: 'wrong-password' });
      expect(other.status).toBe(401);
    });
  });

  describe('GET /api/user and POST /api/logout', () => {
    it('when signed out, then GET /api/user answers 401 with a message', async () => {
      const res = await agentFor(app()).get('/api/user');

      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'You must be signed in', code: 'unauthenticated' });
    });

    it('when signing out, then the session ends on the server too', async () => {
      const user = await createUser(database.handle.db);
      const agent = agentFor(app());
      const login = await agent.post('/api/login').send({ email: user.email, password: DEFAULT_PASSWORD });
      const stolenCookie = sessionCookieOf(login.headers['set-cookie'])!;

      const res = await agent.post('/api/logout');

      expect(res.status).toBe(204);
      expect((await agent.get('/api/user')).status).toBe(401);
      // Replaying the old cookie does not bring the session back.
      expect((await agentFor(app()).get('/api/user').set('Cookie', stolenCookie)).status).toBe(401);
    });

    it('when the app restarts on the same database, then the session is still signed in', async () => {
      const user = await createUser(database.handle.db);
      const login = await agentFor(app())
        .post('/api/login')
        .send({ email: user.email, password: DEFAULT_PASSWORD });
      const cookie = sessionCookieOf(login.headers['set-cookie'])!;

      const restarted = await database.reopen();
      const res = await agentFor(createTestApp(restarted.db)).get('/api/user').set('Cookie', cookie);

      expect(res.status).toBe(200);
      expect(res.body.id).toBe(user.id);
    });
  });

  describe('the API around accounts', () => {
    it('when a route does not exist, then a signed-in user gets 404 JSON and a stranger 401', async () => {
      const user = await createUser(database.handle.db);
      const agent = agentFor(app());
      await agent.post('/api/login').send({ email: user.email, password: DEFAULT_PASSWORD }).expect(200);

      const res = await agent.get('/api/nope');

      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'No such API route', code: 'not_found' });
      // Signed out, nothing tells which routes exist.
      expect((await agentFor(app()).get('/api/nope')).status).toBe(401);
    });

    it('when a page of another origin posts, then it is refused with 403', async () => {
      const user = await createUser(database.handle.db);
      const res = await agentFor(app())
        .post('/api/login')
        .set('Origin', 'https://evil.example')
        .send({ email: user.email, password: DEFAULT_PASSWORD });

      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'Cross-origin request refused', code: 'forbidden' });
    });

    it('when asked for health, then it reports the database and security headers are set', async () => {
      const res = await agentFor(app()).get('/api/health');

      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'ok', database: 'up' });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['x-request-id']).toMatch(/[\w-]+/);
    });
  });
});

// Each wrong password costs a full scrypt hash (about a second on a loaded 2-core machine) and a test makes
// up to 30: the ceiling is generous, the assertions are about answers, never time.
describe.each(testDatabaseKinds)('per-account sign-in throttle on %s', { timeout: 120_000 }, (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  // The clock stands still: a pause lasts while the test looks at it, however slow the machine is.
  const appBehindProxy = () => {
    const stopped = new Date();
    const context = createTestContext(database.handle.db, { TRUST_PROXY: '1' }, { now: () => stopped });
    return createTestApp(database.handle.db, {}, context);
  };
  const attempt = (
    app: ReturnType<typeof createTestApp>,
    email: string,
    ip: string,
    password = 'wrong-password',
  ) => agentFor(app).post('/api/login').set('X-Forwarded-For', ip).send({ email, password });

  it('when 30 wrong guesses arrive at once from one address, then only the first five are tried', async () => {
    const user = await createUser(database.handle.db);
    const app = appBehindProxy();

    const answers = await Promise.all(
      Array.from({ length: 30 }, () => attempt(app, user.email, '198.18.1.1')),
    );

    const statuses = answers.map((res) => res.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(FREE_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - FREE_FAILURES);
    const paused = answers.find((res) => res.status === 429)!;
    expect(paused.body.message).toMatch(/Too many failed sign-in attempts for this account/);
    expect(Number(paused.headers['retry-after'])).toBeGreaterThan(0);
    // The guessing address is paused, the owner elsewhere is not.
    expect((await attempt(app, user.email, '198.18.1.1', DEFAULT_PASSWORD)).status).toBe(429);
    expect((await attempt(app, user.email, '198.18.1.2', DEFAULT_PASSWORD)).status).toBe(200);
  });

  it('when failures come from many addresses, then the account pauses for new ones but not where the owner signs in', async () => {
    const user = await createUser(database.handle.db);
    const app = appBehindProxy();
    await attempt(app, user.email, '198.18.2.200', DEFAULT_PASSWORD).expect(200);

    for (let i = 0; i < ACCOUNT_WINDOW_FAILURES; i += 1) {
      expect((await attempt(app, user.email, `198.18.3.${i}`)).status).toBe(401);
    }

    expect((await attempt(app, user.email, '198.18.4.1', DEFAULT_PASSWORD)).status).toBe(429);
    expect((await attempt(app, user.email, '198.18.2.200', DEFAULT_PASSWORD)).status).toBe(200);
  });

  it('when the right password comes before the pause, then the failure streak is forgotten', async () => {
    const user = await createUser(database.handle.db);
    const app = createTestApp(database.handle.db);
    for (let i = 0; i < FREE_FAILURES - 1; i += 1) {
      await agentFor(app)
        .post('/api/login')
        .send({ email: user.email, password: 'wrong-password' })
        .expect(401);
    }
    await agentFor(app)
      .post('/api/login')
      .send({ email: user.email, password: DEFAULT_PASSWORD })
      .expect(200);

    for (let i = 0; i < FREE_FAILURES - 1; i += 1) {
      const res = await agentFor(app)
        .post('/api/login')
        .send({ email: user.email, password: 'wrong-password' });
      expect(res.status).toBe(401);
    }
  });

  it('when the owner signs in while wrong guesses for the account arrive, then every attempt is answered', async () => {
    const user = await createUser(database.handle.db);
    const throttle = createLoginThrottle(database.handle.db);
    const ip = '198.18.5.1';
    // A sign-in deletes the streak's row; the next attempt writes it again, after the account's row.
    await throttle.begin(user.email, ip);
    await throttle.succeeded(user.email, ip);

    const attempts = Array.from({ length: 40 }, (_, i) =>
      i % 2 === 0 ? throttle.begin(user.email, ip) : throttle.succeeded(user.email, ip),
    );

    const outcomes = await Promise.allSettled(attempts);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
  });

  it('when counters ended more than a day ago, then the hourly clean-up removes them and keeps live ones', async () => {
    const now = new Date();
    const day = 24 * 60 * 60 * 1000;
    await database.handle.db.insert(rateLimits).values([
      { key: 'zz:old', hits: 3, resetAt: new Date(now.getTime() - 2 * day) },
      { key: 'zz:live', hits: 3, resetAt: new Date(now.getTime() + day) },
    ]);

    await pruneRateLimits(database.handle.db, now);

    const left = await database.handle.db.select().from(rateLimits).where(like(rateLimits.key, 'zz:%'));
    expect(left.map((row) => row.key)).toEqual(['zz:live']);
  });

  it('when an attacker keeps guessing a few times an hour for a day, then the owner is never locked out', async () => {
    const user = await createUser(database.handle.db);
    let clock = Date.now();
    const throttle = createLoginThrottle(database.handle.db, () => new Date(clock));
    const attackerVerdicts: boolean[] = [];
    // The owner's home address signed in before the attack began.
    await throttle.succeeded(user.email, '198.51.100.10');

    for (let hour = 0; hour < 24; hour += 1) {
      for (let guess = 0; guess < 4; guess += 1) {
        attackerVerdicts.push((await throttle.begin(user.email, '203.0.113.66')).allowed);
        clock += 15 * 60_000;
      }
      // The owner, from home, once an hour: always let in, and signs in.
      expect(await throttle.begin(user.email, '198.51.100.10')).toEqual({ allowed: true });
      await throttle.succeeded(user.email, '198.51.100.10');
    }

    // The attacker's guesses were all counted (a streak that long pauses its address for the longest)...
    expect(attackerVerdicts).toHaveLength(96);
    await throttle.begin(user.email, '203.0.113.66');
    expect(await throttle.begin(user.email, '203.0.113.66')).toMatchObject({ allowed: false });
    // ...a pause never outlasts 15 minutes.
    expect(pauseSeconds(1000)).toBe(15 * 60);
  });
});
