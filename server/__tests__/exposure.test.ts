import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import { auditLog } from '../db/schema';
import { createLogger } from '../lib/logger';
import { createReview, createUser, signedInAgent } from '../testing/factories';
import { createTestApp, TEST_SESSION_SECRET, testEnv, writeBuiltPages } from '../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing/test-db';

/** What the server shows to whom (issue 12, item 11). */
describe.each(testDatabaseKinds)('what the server exposes on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  const db = () => database.handle.db;

  it('when anyone asks for health, then it answers the state only; the version and uptime are for admins', async () => {
    const app = createTestApp(db());
    const admin = await createUser(db(), { role: 'admin' });
    const client = await createUser(db());

    const anonymous = await supertest(app).get('/api/health');
    const asClient = await (await signedInAgent(app, client)).get('/api/admin/health');
    const asAdmin = await (await signedInAgent(app, admin)).get('/api/admin/health');

    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toEqual({ status: 'ok', database: 'up', queue: 'not started' });
    expect(asClient.status).toBe(403);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body).toMatchObject({
      status: 'ok',
      database: 'up',
      version: expect.any(String),
      uptimeSeconds: expect.any(Number),
    });
  });

  it('when the built app is served, then its source maps are not', async () => {
    const dir = writeBuiltPages();
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc.js.map'), '{"sources":["secret.ts"]}');
    const env = testEnv();
    const app = createApp({
      db: db(),
      env,
      logger: createLogger('silent'),
      sessionSecret: TEST_SESSION_SECRET,
      staticDir: dir,
    });

    const script = await supertest(app).get('/assets/index-abc.js');
    const map = await supertest(app).get('/assets/index-abc.js.map');

    expect(script.status).toBe(200);
    expect(map.status).toBe(404);
    expect(map.text).not.toContain('secret.ts');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('when the built app is served, then / answers the landing page, /review/:link the review page, with the same headers, anything else the app', async () => {
    const dir = writeBuiltPages();
    const app = createApp({
      db: db(),
      env: testEnv(),
      logger: createLogger('silent'),
      sessionSecret: TEST_SESSION_SECRET,
      staticDir: dir,
    });

    const pageAt = async (url: string) => {
      const res = await supertest(app).get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      const csp = res.headers['content-security-policy'] ?? '';
      expect(/(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1]?.trim(), url).toBe("'self'");
      expect(csp, url).toMatch(/(?:^|;)\s*frame-ancestors 'none'/);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      return /<title>(.*)<\/title>/.exec(res.text)?.[1];
    };

    for (const url of ['/review/AbCdEfGhIjKlMnOpQrStUv', '/review/xyz/', '/review/xyz?utm_source=qr']) {
      expect(await pageAt(url), url).toBe('Review');
    }
    for (const url of ['/', '/?utm_source=ad']) {
      expect(await pageAt(url), url).toBe('Landing');
    }
    for (const url of ['/reviews', '/review', '/review/a/b', '/review-preview', '/dashboard']) {
      expect(await pageAt(url), url).toBe('App');
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("when an admin reads a client's data, then the audit log says who read what", async () => {
    const app = createTestApp(db());
    const admin = await createUser(db(), { role: 'admin' });
    const client = await createUser(db());
    await createReview(db(), client.id);
    const agent = await signedInAgent(app, admin);

    await agent.get(`/api/admin/clients/${client.id}/reviews`).expect(200);
    await agent.get(`/api/admin/clients/${client.id}/contacts`).expect(200);

    // Entries are written once each answer has gone out: wait for them, in the order they were made.
    await vi.waitFor(async () => {
      const entries = await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetClientId, client.id))
        .orderBy(auditLog.id);
      expect(entries.map((e) => [e.actorId, e.action])).toEqual([
        [admin.id, `GET /api/admin/clients/${client.id}/reviews`],
        [admin.id, `GET /api/admin/clients/${client.id}/contacts`],
      ]);
    });
  });
});
