import type { Express } from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { createTestApp } from '../../../testing/test-app';
import { createUser, signedInAgent } from '../../../testing/factories';

interface Layer {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

interface FoundRoute {
  method: string;
  path: string;
}

const join = (prefix: string, path: string) =>
  `${prefix}/${path}`.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');

/**
 * Every route of the real app, read from Express's router stack (mounted routers recursively), so a route
 * added tomorrow is walked tomorrow. A path that is not a string (a RegExp) cannot be called by name: it is
 * reported so the test fails rather than silently skipping it.
 */
function collectRoutes(stack: Layer[], prefix = ''): { routes: FoundRoute[]; unreadable: string[] } {
  const routes: FoundRoute[] = [];
  const unreadable: string[] = [];
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      for (const path of paths) {
        if (typeof path !== 'string') {
          unreadable.push(`${prefix} ${String(path)}`);
          continue;
        }
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== '_all')
            routes.push({ method: method.toUpperCase(), path: join(prefix, path) });
        }
      }
    } else if (layer.handle?.stack) {
      const raw = layer.rawPath ?? '/';
      const mounts = Array.isArray(raw) ? raw : [raw];
      for (const mount of mounts) {
        if (typeof mount !== 'string') {
          unreadable.push(`${prefix} ${String(mount)}`);
          continue;
        }
        const inner = collectRoutes(layer.handle.stack, join(prefix, mount));
        routes.push(...inner.routes);
        unreadable.push(...inner.unreadable);
      }
    }
  }
  return { routes, unreadable };
}

function adminRoutesOf(app: Express) {
  const root =
    (app as unknown as { router?: { stack: Layer[] }; _router?: { stack: Layer[] } }).router ??
    (app as unknown as { _router: { stack: Layer[] } })._router;
  const { routes, unreadable } = collectRoutes(root.stack);
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
      else expect(res.body).toEqual({ message: 'Administrators only' });
    }
    expect(failures).toEqual([]);
  });
});
