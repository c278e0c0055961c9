import type { Express } from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { createTestApp } from '../../../testing/test-app';
import { createUser, signedInAgent } from '../../../testing/factories';
import { allRoutesOf, type FoundRoute } from '../../../testing/route-table';

function adminRoutesOf(app: Express) {
  const { routes, unreadable } = allRoutesOf(app);
  const admin = routes.filter((r) => r.path === '/api/admin' || r.path.startsWith('/api/admin/'));
  return { admin, all: routes, unreadable: unreadable.filter((u) => u.includes('/api/admin')) };
}

/** A concrete URL for a route pattern: ids and other params get plausible values. */
function urlFor(path: string, clientId: number): string {
  return path
    .replace(/:clientId\b/g, String(clientId))
    .replace(/\{[^}]*\}/g, '') // optional segments
    .replace(/\*\w*/g, 'x')
    .replace(/:(\w*id\w*)/gi, '1')
    .replace(/:\w+/g, 'x');
}

describe.each(testDatabaseKinds)('every admin route on %s', (kind) => {
  let database: TestDatabase;
  let app: Express;
  let clientId: number;
  let clientAgent: ReturnType<typeof supertest.agent>;
  let routes: FoundRoute[];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = createTestApp(database.handle.db);
    const client = await createUser(database.handle.db);
    clientId = client.id;
    clientAgent = await signedInAgent(app, client);
    const walk = adminRoutesOf(app);
    expect(walk.unreadable).toEqual([]);
    routes = walk.admin;
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('when the router stack is walked, then it finds the admin routes and the mirrored client routes', () => {
    const names = routes.map((r) => `${r.method} ${r.path}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/admin/stats',
        'GET /api/admin/clients',
        'POST /api/admin/clients',
        'PATCH /api/admin/clients/:id',
        'DELETE /api/admin/clients/:id',
        'GET /api/admin/plans',
        'POST /api/admin/email-test',
        'GET /api/admin/outbox',
        'GET /api/admin/audit',
        'GET /api/admin/mail-status',
        // The client router mirrored under a client's id.
        'GET /api/admin/clients/:clientId/system-test',
        'GET /api/admin/clients/:clientId/plans',
      ]),
    );
    expect(routes.filter((r) => r.path.startsWith('/api/admin/clients/:clientId/')).length).toBeGreaterThan(
      2,
    );
  });

  it('when signed out, then every admin and mirrored route answers 401', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const res = await supertest(app)[route.method.toLowerCase() as 'get'](urlFor(route.path, clientId));
      if (res.status !== 401) failures.push(`${route.method} ${route.path} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('when signed in as a client, then every admin and mirrored route answers 403', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const res = await clientAgent[route.method.toLowerCase() as 'get'](urlFor(route.path, clientId));
      if (res.status !== 403) failures.push(`${route.method} ${route.path} → ${res.status}`);
      else expect(res.body).toEqual({ message: 'Administrators only', code: 'forbidden' });
    }
    expect(failures).toEqual([]);
  });
});
