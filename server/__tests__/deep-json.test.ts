import type { Express } from 'express';
import { and, eq } from 'drizzle-orm';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema';
import { JSON_TOO_DEEP_MESSAGE, MAX_JSON_DEPTH, jsonDepthExceeds } from '../lib/json-body';
import { findNul } from '../middleware/reject-nul';
import { createUser, signedInAgent } from '../testing/factories';
import { sendJsonBytes } from '../testing/json-bytes';
import { createTestApp } from '../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing/test-db';

/** 100 KB, the default body limit, of nothing but nesting. */
const BYTES = 100 * 1024 - 16;
const nestedArrays = Buffer.from('['.repeat(BYTES / 2) + ']'.repeat(BYTES / 2));
const nestedObjects = Buffer.from('{"a":'.repeat(BYTES / 6) + '1' + '}'.repeat(BYTES / 6));

describe('the depth of a JSON text', () => {
  it('when brackets sit inside strings, then they do not count', () => {
    expect(jsonDepthExceeds(JSON.stringify({ name: '[[[[[[[[[[[[[[[[[[[[[[[[[' }), 2)).toBe(false);
    expect(jsonDepthExceeds('{"a":"\\"[[[[","b":[1]}', 2)).toBe(false);
  });

  it('when nesting passes the limit, then it is seen, and a body at the limit passes', () => {
    expect(jsonDepthExceeds('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(
      false,
    );
    expect(
      jsonDepthExceeds('['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH),
    ).toBe(true);
  });

  it('when a value is nested 200,000 levels deep, then the NUL walk still finds its path in one pass', () => {
    // Before issue 42 the walk copied the path at every level: quadratic, minutes at this depth.
    let value: unknown = 'bad\u0000';
    for (let i = 0; i < 200_000; i++) value = { a: value };
    expect(findNul({ name: value })?.split('.')).toHaveLength(200_001);
    expect(findNul({ name: value })?.startsWith('name.a.a')).toBe(true);
  });
});

describe.each(testDatabaseKinds)('a hostile nested body on %s (issue 42, item 1)', (kind) => {
  let database: TestDatabase;
  let app: Express;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = createTestApp(database.handle.db);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it.each([
    ['arrays', nestedArrays],
    ['objects', nestedObjects],
  ])(
    'when an anonymous sign-in sends 100 KB of nested %s, then it is refused at once while /api/health answers',
    async (_name, body) => {
      const started = performance.now();
      const [hostile, health] = await Promise.all([
        sendJsonBytes(supertest(app).post('/api/login'), body),
        supertest(app).get('/api/health'),
      ]);
      const elapsed = performance.now() - started;
      expect(hostile.status).toBe(400);
      expect(hostile.body).toMatchObject({ message: JSON_TOO_DEEP_MESSAGE, code: 'malformed_json' });
      expect(health.status).toBe(200);
      // A ceiling, not a target (it takes a few milliseconds): the quadratic walk took 34 s on this body.
      expect(elapsed).toBeLessThan(2_000);
    },
  );

  it('when a signed-in body nests a little, as real ones do, then it is read', async () => {
    const user = await createUser(database.handle.db);
    const agent = await signedInAgent(app, user);
    const res = await agent
      .post('/api/contacts')
      .send({ name: 'Ann Lee', email: 'ann@example.com', tags: ['vip'] });
    expect(res.status).toBe(201);
  });

  it('when a body names a lone surrogate, then it is stored as U+FFFD in text and in an audit row alike', async () => {
    // A `\ud800` escape: a text column takes it as U+FFFD, a jsonb one refused it and the request was a 500.
    const admin = await createUser(database.handle.db, { role: 'admin' });
    const client = await createUser(database.handle.db);
    const agent = await signedInAgent(app, admin);
    const res = await sendJsonBytes(
      agent.patch(`/api/admin/clients/${client.id}`),
      Buffer.from('{"firstName":"a\\ud800b"}'),
    );
    expect(res.status).toBe(200);
    expect(res.body.firstName).toBe('a\uFFFDb');
    const [audit] = await database.handle.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'client.update'), eq(auditLog.targetClientId, client.id)));
    expect(audit?.details).toMatchObject({ firstName: { to: 'a\uFFFDb' } });
  });
});
