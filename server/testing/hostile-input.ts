import type http from 'node:http';
import { sql } from 'drizzle-orm';
import type { Express } from 'express';
import fc from 'fast-check';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeysServiceFor } from '../features/api-access/api-keys.service';
import { createHttpServer } from '../lib/http-server';
import { trackRowChanges } from './db-changes';
import { sendJsonBytes } from './json-bytes';
import type { FakeFacebook } from './fake-facebook';
import type { FakeGoogle } from './fake-google';
import { startFakeStripe, type FakeStripe } from './fake-stripe';
import { seedActors, startFakeProviders, type Tenant } from './route-fixtures';
import { routeTableOf, type TableRoute } from './route-table';
import { createTestApp } from './test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from './test-db';

/** Generated inputs per route (issue 12 asks for at least 1,000 in CI); FUZZ_RUNS tunes a local run. */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? (process.env.TEST_DATABASE_URL ? 1000 : 100));
const HUGE = 'x'.repeat(100 * 1024);

/** {"a":{"a":...}} 200 deep, as JSON text (JSON.stringify of a 200-deep object is fine too). */
const deep = (depth: number): unknown => (depth === 0 ? 'bottom' : { a: deep(depth - 1) });
const deepArray = (depth: number): unknown => (depth === 0 ? [] : [deepArray(depth - 1)]);

/**
 * Bodies nested as deep as the size limit lets them (issue 42, item 1: 20,000 levels once stalled the server
 * for 34 s): arrays, objects, and nesting under a real field name, each just under 100 KB.
 */
const LIMIT = 100 * 1024 - 64;
const NESTED_TO_THE_LIMIT = [
  Buffer.from('['.repeat(LIMIT / 2) + ']'.repeat(LIMIT / 2)),
  Buffer.from('{"a":'.repeat(Math.floor(LIMIT / 6)) + '1' + '}'.repeat(Math.floor(LIMIT / 6))),
  Buffer.from(`{"name":${'['.repeat(LIMIT / 2 - 8)}${']'.repeat(LIMIT / 2 - 8)}}`),
];

const FRAGMENTS = [
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  "'); DELETE FROM contacts; --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '{{constructor.constructor("return process")()}}',
  '${7*7}',
  '\u0000',
  '\uD800',
  '\uDFFF',
  'a\uD800b',
  '../../etc/passwd',
  '%00',
];
const NUMBERS = [1e308, -1e308, -1, 0, 2 ** 31, 2 ** 53 + 1, 1.5, -0];
const NUMBER_STRINGS = ['NaN', 'Infinity', '-1', '0', '1e308', String(2 ** 31), '1.5', '0x10', ' 1 ', ''];

const scalar = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(...NUMBERS),
  fc.constantFrom(...NUMBER_STRINGS),
  fc.constantFrom(...FRAGMENTS),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constant(HUGE),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.constant(deep(200)) },
  { weight: 1, arbitrary: fc.constant(deepArray(200)) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 4 }) },
);

/** The names the API's bodies and queries use, and the keys that poison a prototype. */
const FIELDS = [
  'name',
  'email',
  'phone',
  'tags',
  'tag',
  'optedOut',
  'address',
  'googlePlaceId',
  'googleReviewUrl',
  'facebookPageUrl',
  'locationId',
  'contactId',
  'contactIds',
  'method',
  'rating',
  'content',
  'videoToken',
  'channel',
  'subject',
  'body',
  'isDefault',
  'values',
  'responseContent',
  'reply',
  'firstName',
  'companyName',
  'password',
  'currentPassword',
  'newPassword',
  'page',
  'pageSize',
  'q',
  'filter',
  'status',
  'code',
  'state',
  'error',
  'MessageSid',
  'MessageStatus',
  'From',
  'Body',
  'to',
  'template',
];
const POISON = ['__proto__', 'constructor', 'prototype'];
const poison = fc.constantFrom(
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"prototype":{"polluted":"yes"},"name":"x"}',
  '{"name":{"__proto__":{"polluted":"yes"}},"tags":["__proto__"]}',
);

/** A body as the raw bytes sent with a JSON content type. */
const hostileBody: fc.Arbitrary<Buffer> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .array(fc.tuple(fc.constantFrom(...FIELDS, ...POISON), hostileValue), { maxLength: 6 })
      .map((entries) =>
        Buffer.from(`{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`),
      ),
  },
  { weight: 1, arbitrary: hostileValue.map((v) => Buffer.from(JSON.stringify(v) ?? 'null')) },
  { weight: 1, arbitrary: poison.map((text) => Buffer.from(text)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]), // {"n":"<bad utf-8>"}
      Buffer.from([0xed, 0xa0, 0x80]), // an encoded lone surrogate
      Buffer.from('{"name": "unterminated'),
      Buffer.from('{"a":1,}'),
      Buffer.from(''),
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(...NESTED_TO_THE_LIMIT) },
);

/** Path and query text: percent-encoded, including invalid UTF-8, kept under Node's header limit. */
const segmentText = fc.oneof(
  fc.constantFrom(...NUMBER_STRINGS.filter(Boolean)).map(encodeURIComponent),
  fc.constantFrom(...FRAGMENTS.filter((f) => !/[\uD800-\uDFFF]/.test(f))).map(encodeURIComponent),
  fc.constantFrom('%ff%fe', '%ED%A0%80', '%', '%zz', 'x'.repeat(4000), '__proto__', 'constructor'),
  fc
    .string({ minLength: 1, maxLength: 20 })
    .map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, ''))),
);
const hostileQuery = fc
  .array(fc.tuple(fc.constantFrom(...FIELDS, ...POISON, 'locationId'), segmentText), { maxLength: 5 })
  .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));

/**
 * The fuzz runs on the Postgres server when the suite has one (CI always does: .ci/run sets
 * TEST_DATABASE_URL), where a request costs a few milliseconds; on the embedded database alone it is
 * several times slower, so a local run without a server tries fewer inputs unless FUZZ_RUNS says.
 */
const FUZZ_KIND = testDatabaseKinds.includes('postgres') ? 'postgres' : 'pglite';

/**
 * The hostile-input fuzz over one share of the routes (every `of`-th, from the `part`-th): each share is its own test
 * file (server/__tests__/hostile-input-*.test.ts), so the suite's workers split the longest work in it.
 */
export function describeHostileInput({ part, of }: { part: number; of: number }) {
  describe(`hostile input on every route, part ${part} of ${of} (${FUZZ_KIND})`, () => {
    let database: TestDatabase;
    let app: Express;
    let a: Tenant;
    /** The client the admin's routes address: never A, whose session the client routes are fuzzed in. */
    let b: Tenant;
    let google: FakeGoogle;
    let facebook: FakeFacebook;
    let stripe: FakeStripe;
    let agent: ReturnType<typeof supertest.agent>;
    let routes: TableRoute[];

    let changes: Awaited<ReturnType<typeof trackRowChanges>>;
    let adminAgent: ReturnType<typeof supertest.agent>;
    let server: http.Server;
    /** A's API key: the public API's routes (/api/v1) are fuzzed past their bearer check. */
    let apiKey: string;

    beforeAll(async () => {
      database = await createTestDatabase(FUZZ_KIND);
      // Signed in, the client routes reach Google, Facebook and Stripe: their fakes, never the internet.
      const providers = await startFakeProviders();
      ({ google, facebook } = providers);
      stripe = await startFakeStripe();
      app = createTestApp(database.handle.db, { ...providers.env, ...stripe.env() });
      // Generated ids include ' 1 ', '0x10' and short digit strings: the accounts' ids start far above them, so
      // no admin call can delete or disable A by chance.
      await database.handle.db.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), 1000000)`);
      const actors = await seedActors(database.handle.db, app, providers.links);
      a = actors.a;
      b = actors.b;
      apiKey = (await apiKeysServiceFor(database.handle).create(a.user.id, 'fuzz')).key;
      // One listening server for every call. It must be listening before the first request: supertest starts
      // (and closes after each request) a server it finds not yet listening, a new port for every call.
      server = createHttpServer(app);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      // The bodies reach the app as generated: a broken one is refused as broken, not read as some other JSON.
      const broken = await sendJsonBytes(supertest(server).post('/api/login'), Buffer.from('{"a":1,}'));
      expect(broken.body).toMatchObject({ code: 'malformed_json' });
      agent = supertest.agent(server);
      adminAgent = supertest.agent(server);
      await adminAgent
        .post('/api/login')
        .send({ email: actors.admin.user.email, password: actors.admin.user.password });
      await agent.post('/api/login').send({ email: a.user.email, password: a.user.password });
      // An API key's last use is a visit, written when the key is checked (at most once a minute), before the
      // body is read: like a session, it is not a write of the refused request (api-keys are covered by the
      // access matrix, which tracks the table).
      changes = await trackRowChanges(database.handle.db, { ignore: ['api_keys'] });
      const walk = routeTableOf(app);
      expect(walk.unreadable).toEqual([]);
      // As client A: the client area, the public routes and the sign-in flow; admin routes as the admin (the
      // mirror runs the client area's handlers again, so it is left out).
      const fuzzed = walk.routes.filter((r) => r.area !== 'mirror' && r.path !== '/api/logout');
      expect(fuzzed.length).toBeGreaterThan(100);
      routes = fuzzed.filter((_, i) => i % of === part - 1);
    });
    afterAll(async () => {
      server?.close();
      await Promise.all([google?.close(), facebook?.close(), stripe?.close()]);
      await database?.drop();
    });

    it('when any route gets hostile bodies, queries and ids, then it answers under 500 with a message and writes nothing when it refuses', async () => {
      const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
      const failures: string[] = [];
      const started = Date.now();
      let calls = 0;
      let serverErrors = 0;
      let refusedWrites = 0;
      let written = await changes.count();

      for (const route of routes) {
        // Every route is fuzzed inside a live session: had an earlier route signed A or the admin out (or
        // deleted A), the rest would only test the sign-in gate.
        const session = route.area === 'client' ? agent : route.area === 'admin' ? adminAgent : undefined;
        if (session && (await session.get('/api/user')).status !== 200) {
          failures.push(
            `${route.method} ${route.path}: fuzzed signed out, the session ended on an earlier route`,
          );
          break;
        }
        written = await changes.count();
        const hasBody = route.method !== 'GET';
        await fc
          .assert(
            fc.asyncProperty(
              fc.record({
                params: fc.array(segmentText, { minLength: 3, maxLength: 3 }),
                query: hostileQuery,
                body: hostileBody,
                keepIds: fc.boolean(),
              }),
              async ({ params, query, body, keepIds }) => {
                let i = 0;
                // Half the time the ids stay real ones (A's, or B's account on the admin's routes), so the body
                // and query reach the handler.
                const real: Record<string, string> = {
                  id: String(route.area === 'admin' ? b.user.id : a.contact.id),
                  link: a.location.publicLink,
                  provider: 'google',
                };
                const path = route.path.replace(/:(\w+)/g, (_m, name: string) =>
                  keepIds && real[name] ? real[name] : params[i++ % params.length]!,
                );
                const url = `${path}${query ? `?${query}` : ''}`;
                const client =
                  route.area === 'client' ? agent : route.area === 'admin' ? adminAgent : supertest(server);
                // The count after the previous request is this one's "before": one read per request.
                const before = written;
                let req = client[route.method.toLowerCase() as 'get'](url).redirects(0);
                if (route.area === 'api') req = req.set('Authorization', `Bearer ${apiKey}`);
                if (hasBody) req = sendJsonBytes(req, body);
                const res = await req;
                calls += 1;
                const label = `${route.method} ${url.slice(0, 120)} body ${body.toString('latin1').slice(0, 80)} → ${res.status}`;
                if (res.status >= 500) {
                  serverErrors += 1;
                  failures.push(`${label}: ${res.text?.slice(0, 200)}`);
                }
                written = await changes.count();
                if (res.status >= 400 && res.status < 500) {
                  // The unsubscribe pages, the widget's wall page and an alert's "Publish this reply" pages
                  // (their buttons too) are HTML by design: people open them in a browser, from an email or
                  // a shared link.
                  const html =
                    (route.method === 'GET' &&
                      (route.path.startsWith('/api/unsubscribe/') ||
                        route.path.startsWith('/api/notifications/unsubscribe/') ||
                        route.path.startsWith('/wall/'))) ||
                    route.path.startsWith('/api/reply-links/') ||
                    route.path.startsWith('/api/feedback/');
                  const message = (res.body as { message?: unknown } | undefined)?.message;
                  if (!html && typeof message !== 'string')
                    failures.push(`${label}: no JSON message (${res.text?.slice(0, 80)})`);
                  if (written !== before) {
                    refusedWrites += 1;
                    failures.push(`${label}: refused but changed the database`);
                  }
                }
                return failures.length === 0;
              },
            ),
            {
              numRuns: RUNS_PER_ROUTE,
              endOnFailure: true,
            },
          )
          .catch((err: unknown) => {
            // A false property is already in `failures`; anything else (a thrown error) is recorded here.
            if (failures.length === 0)
              failures.push(`${route.method} ${route.path}: ${String(err).slice(0, 400)}`);
          });
        if (failures.length > 20) break;
      }

      // The figures, in the test output of every run.
      process.stdout.write(
        `\nfuzz part ${part} of ${of}: ${routes.length} routes, ${calls} generated requests (${RUNS_PER_ROUTE} per route), ${serverErrors} answers >= 500, ${refusedWrites} refusals that ` +
          `wrote to the database, ${Math.round((Date.now() - started) / 1000)} s\n`,
      );
      expect(failures).toEqual([]);
      expect(calls).toBeGreaterThanOrEqual(routes.length * RUNS_PER_ROUTE);
      expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
      expect('polluted' in {}).toBe(false);
    }, 1_800_000);
  });
}
