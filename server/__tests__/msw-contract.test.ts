import type { Express } from 'express';
import { getResponse, type RequestHandler } from 'msw';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlers } from '../../client/src/testing/mocks/handlers';
import { createReview, createUser, signedInAgent } from '../testing/factories';
import { createTestApp } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-db';

/**
 * The client's component tests answer the API with msw's default handlers
 * (client/src/testing/mocks/handlers.ts). Each default must look like what the real server answers for the
 * same request, a new client with nothing yet, or the component tests prove screens against an API that
 * does not exist (issue 12: templates [] beside three built-ins, charts [] beside 13 weeks, a faked
 * /api/subscription). Shapes are compared, not values: the same status, the same keys, the same kinds of
 * values, and a list empty in both or filled in both.
 */
type Shape = string | Shape[] | { [key: string]: Shape };

function shapeOf(value: unknown): Shape {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? ['empty'] : ['items', shapeOf(value[0])];
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, shapeOf((value as Record<string, unknown>)[key])]),
    );
  }
  return typeof value;
}

/** Where the two shapes differ; null is compatible with any value (a nullable field). */
function differences(mock: Shape, real: Shape, at = '$'): string[] {
  if (mock === 'null' || real === 'null') return [];
  if (typeof mock === 'string' || typeof real === 'string') {
    return mock === real ? [] : [`${at}: mock ${JSON.stringify(mock)}, server ${JSON.stringify(real)}`];
  }
  if (Array.isArray(mock) || Array.isArray(real)) {
    if (!Array.isArray(mock) || !Array.isArray(real)) return [`${at}: a list on one side only`];
    if (mock[0] !== real[0]) return [`${at}: mock list ${mock[0]}, server list ${real[0]}`];
    return mock[0] === 'items' ? differences(mock[1]!, real[1]!, `${at}[0]`) : [];
  }
  const keys = [...new Set([...Object.keys(mock), ...Object.keys(real)])].sort();
  return keys.flatMap((key) => {
    if (!(key in mock)) return [`${at}.${key}: only the server has it`];
    if (!(key in real)) return [`${at}.${key}: only the mock has it`];
    return differences(mock[key]!, real[key]!, `${at}.${key}`);
  });
}

/** The concrete API path a default handler stands for ('*\/reviews' is the client area's /api/reviews). */
function pathOf(handler: RequestHandler): { method: string; path: string } {
  const info = handler.info as unknown as { method: string; path: string };
  const raw = String(info.path).replace(/^\*/, '');
  return { method: info.method, path: raw.startsWith('/api/') ? raw : `/api${raw}` };
}

describe('msw default answers against the real server', () => {
  // A new client in a database of its own, and an admin of a platform with no client yet: what the
  // defaults stand for.
  let clientDatabase: TestDatabase;
  let adminDatabase: TestDatabase;
  let app: Express;
  let adminApp: Express;

  beforeAll(async () => {
    clientDatabase = await createTestDatabase('pglite');
    adminDatabase = await createTestDatabase('pglite');
    app = createTestApp(clientDatabase.handle.db);
    adminApp = createTestApp(adminDatabase.handle.db);
  });
  afterAll(async () => {
    await clientDatabase?.drop();
    await adminDatabase?.drop();
  });

  it('when each default handler is asked what the screens ask, then it answers like the server for a new client', async () => {
    const client = await signedInAgent(app, await createUser(clientDatabase.handle.db));
    const admin = await signedInAgent(adminApp, await createUser(adminDatabase.handle.db, { role: 'admin' }));
    const drift: string[] = [];
    // The calls about one contact ask about a real one, as the screens do: a new contact of another new
    // client (never asked, an empty timeline), so the first client's lists stay empty.
    const contactOwner = await createUser(clientDatabase.handle.db);
    const withContact = await signedInAgent(app, contactOwner);
    const contact = await withContact
      .post('/api/contacts')
      .send({ name: 'Ann Lee', email: 'ann@example.com' });
    // And the calls about one review ask about a real one: that client's new private review (no case, no reply).
    const review = await createReview(clientDatabase.handle.db, contactOwner.id);
    const aboutContact = (path: string) =>
      path.includes('/contacts/:id/') || path.endsWith('/last-asked') || path.includes('/reviews/:id/');
    const asked = (path: string) =>
      path
        .replace('/contacts/:id/', `/contacts/${contact.body.id}/`)
        .replace('/reviews/:id/', `/reviews/${review.id}/`)
        .replace(/\/last-asked$/, `/last-asked?contactId=${contact.body.id}`);

    for (const handler of handlers) {
      const { method, path: pattern } = pathOf(handler);
      const path = asked(pattern);
      // Who the default speaks for: nobody signed in for the session calls, the admin for admin calls.
      const agent =
        path === '/api/user' || path === '/api/logout'
          ? supertest(app)
          : path.startsWith('/api/admin/')
            ? admin
            : aboutContact(pattern)
              ? withContact
              : client;
      const real = await agent[method.toLowerCase() as 'get'](path);
      const mocked = await getResponse([handler], new Request(`http://localhost${path}`, { method }));
      if (!mocked) {
        drift.push(`${method} ${path}: the handler does not answer its own path`);
        continue;
      }
      if (real.status === 404 && real.body?.message === 'No such API route') {
        drift.push(`${method} ${path}: mocked, but the server has no such route`);
        continue;
      }
      if (mocked.status !== real.status) {
        drift.push(`${method} ${path}: mock answers ${mocked.status}, server ${real.status}`);
        continue;
      }
      const text = await mocked.text();
      const mockBody: unknown = text ? JSON.parse(text) : undefined;
      for (const difference of differences(shapeOf(mockBody), shapeOf(real.body))) {
        drift.push(`${method} ${path} ${difference}`);
      }
      const total = mocked.headers.get('X-Total-Count');
      if ((total === null) !== (real.headers['x-total-count'] === undefined)) {
        drift.push(`${method} ${path}: X-Total-Count on one side only`);
      }
    }

    expect(drift).toEqual([]);
    expect(handlers.length).toBeGreaterThan(15);
  });
});
