import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createLogger } from '../lib/logger';
import { registrationFor } from '../testing/factories';
import { TEST_SESSION_SECRET, testEnv } from '../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing/test-db';

/** Every line the app logs, as text. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { lines, logger: createLogger('info', stream) };
}

describe.each(testDatabaseKinds)('what a failure leaves in the logs and the answer, on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // A database that fails every new account, as a full disk or a broken constraint would.
    await database.handle.db.execute(sql`
      create or replace function refuse_user() returns trigger language plpgsql as $$
      begin raise exception 'simulated failure'; end $$`);
    await database.handle.db.execute(
      sql`create trigger refuse_user before insert on users for each row execute function refuse_user()`,
    );
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('when a query fails, then the log names the failure but never its parameters (a password hash, personal data)', async () => {
    const { lines, logger } = capture();
    const app = createApp({
      db: database.handle.db,
      env: testEnv(),
      logger,
      sessionSecret: TEST_SESSION_SECRET,
    });
    const account = registrationFor({ companyName: 'Marker Company 7f3a' });

    const res = await supertest(app)
      .post('/api/register')
      .send({ ...account, username: account.email });

    expect(res.status).toBe(500);
    const log = lines.join('');
    const failure = lines
      .map((line) => JSON.parse(line) as { msg: string; err?: { message: string } })
      .find((entry) => entry.msg === 'unhandled error');
    expect(failure?.err?.message).toMatch(/^Failed query: insert into "users" .*: .*simulated failure/s);
    expect(log).not.toContain('Marker Company 7f3a');
    expect(log).not.toContain(account.email);
    expect(log).not.toMatch(/scrypt\$/);
  });

  it('when the server fails, then the answer carries a generic message: no error text, no stack', async () => {
    const { logger } = capture();
    const app = createApp({
      db: database.handle.db,
      env: testEnv(),
      logger,
      sessionSecret: TEST_SESSION_SECRET,
    });
    const account = registrationFor();

    const res = await supertest(app)
      .post('/api/register')
      .send({ ...account, username: account.email });

    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      message: 'Something went wrong on our side. Please try again.',
      code: 'internal_error',
    });
    expect(res.text).not.toMatch(/simulated failure|at .*\.ts:\d+|Failed query|insert into/);
  });

  it('when a request is served, then its log line names the request and its status, and carries no header', async () => {
    const { lines, logger } = capture();
    const app = createApp({
      db: database.handle.db,
      env: testEnv(),
      logger,
      sessionSecret: TEST_SESSION_SECRET,
    });

    await supertest(app)
      .get('/api/user')
      .set('Cookie', 'rf.sid=s%3Asecret-session-marker')
      .set('User-Agent', 'agent-marker')
      .set('X-Request-Id', 'req-0123456789abcdef')
      .expect(401);

    const entry = lines
      .map((line) => JSON.parse(line) as { msg: string; req?: unknown; res?: unknown })
      .find((e) => e.msg === 'request completed');
    expect(entry?.req).toEqual({ id: 'req-0123456789abcdef', method: 'GET', url: '/api/user' });
    expect(entry?.res).toEqual({ statusCode: 401 });
    expect(lines.join('')).not.toMatch(/secret-session-marker|agent-marker/);
  });
});
