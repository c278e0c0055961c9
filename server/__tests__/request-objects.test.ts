import type http from 'node:http';
import v8 from 'node:v8';
import type { Express } from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from '../lib/http-server';
import { createReview, createUser } from '../testing/factories';
import { createTestApp } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-db';

/** What happened to a request and its answer while the app handled them. */
interface Observed {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  bornWith: string[];
  endedWith: string[];
  accessors: string[];
}

/** The own properties of `object` that are getters or setters. */
const accessorsOf = (object: object, name: string) =>
  Reflect.ownKeys(object)
    .filter((key) => {
      const descriptor = Object.getOwnPropertyDescriptor(object, key)!;
      return descriptor.get !== undefined || descriptor.set !== undefined;
    })
    .map((key) => `${name}.${String(key)}`);

/**
 * What V8 makes of a request (issue 13). A request whose prototype is changed as it arrives, or which gets a
 * getter or setter of its own, is kept by V8's young-generation collections with everything it reaches, until a
 * full collection: at 300 pages a second that moved a quarter of all the server allocated to the old generation,
 * and each young collection paused the server 4-5 ms, five times a second. Requests that each get a hidden class
 * of their own make every function that reads them slow: the server answered GET /api/user 40% less often.
 */
describe('a request through the whole app', () => {
  let database: TestDatabase;
  let app: Express;
  let server: http.Server;
  const observed: Observed[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = createTestApp(database.handle.db);
    server = createHttpServer(app);
    const prototypesOf = (req: http.IncomingMessage, res: http.ServerResponse) =>
      [Object.getPrototypeOf(req), Object.getPrototypeOf(res)].map((prototype) =>
        prototype === app.request
          ? "the app's request"
          : prototype === app.response
            ? "the app's response"
            : 'another',
      );
    // Runs before the app's own listener: the request and answer as the HTTP server made them.
    server.prependListener('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      const seen: Observed = {
        req,
        res,
        bornWith: prototypesOf(req, res),
        endedWith: [],
        accessors: [],
      };
      res.on('finish', () => {
        seen.endedWith = prototypesOf(req, res);
        seen.accessors = [...accessorsOf(req, 'req'), ...accessorsOf(res, 'res')];
      });
      observed.push(seen);
    });
  }, 180_000);
  afterAll(async () => {
    server?.close();
    await database?.drop();
  });

  it('when a signed-in client reads a page of reviews, then the request and answer keep the prototypes they were made with and get no getter or setter', async () => {
    const user = await createUser(database.handle.db);
    for (let i = 0; i < 12; i++) await createReview(database.handle.db, user.id);
    const agent = supertest.agent(server);
    await agent.post('/api/login').send({ email: user.email, password: user.password }).expect(200);

    observed.length = 0;
    const page = await agent
      .get('/api/reviews?page=1&pageSize=10')
      .set('Accept-Encoding', 'gzip')
      .expect(200);

    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.body).toHaveLength(10);
    const theApps = ["the app's request", "the app's response"];
    expect(observed.map(({ req: _req, res: _res, ...seen }) => seen)).toEqual([
      { bornWith: theApps, endedWith: theApps, accessors: [] },
    ]);
  });

  it('when requests arrive one after another, then V8 makes every request, and every answer, with one hidden class', async () => {
    // V8's own test of two objects' hidden classes (maps); the flag lets this function, compiled now, call it.
    v8.setFlagsFromString('--allow-natives-syntax');
    // An object whose field V8 widened later (a small integer that became a double, say) keeps the older,
    // deprecated hidden class until it is next touched: migrating both first compares what their shapes are,
    // whenever the widening happened (it depends on the machine's load, not on the app).
    const sameHiddenClass = new Function(
      'a',
      'b',
      '%TryMigrateInstance(a); %TryMigrateInstance(b); return %HaveSameMap(a, b)',
    ) as (a: object, b: object) => boolean;
    const user = await createUser(database.handle.db);
    const agent = supertest.agent(server);
    await agent.post('/api/login').send({ email: user.email, password: user.password }).expect(200);

    observed.length = 0;
    for (let i = 0; i < 12; i++) await agent.get('/api/user').expect(200);

    // The last three: by then V8 has settled how each field is stored, and its slack tracking (which sizes a
    // constructor's objects over its first few instances, finishing at a garbage collection whose timing
    // depends on the machine's load) is long over.
    const [first, ...others] = observed.slice(9);
    expect(others).toHaveLength(2);
    for (const later of others) {
      expect(sameHiddenClass(later.req, first!.req)).toBe(true);
      expect(sameHiddenClass(later.res, first!.res)).toBe(true);
    }
  });
});
