import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import { registrationFor } from '../testing/factories';
import { clientFor, prepareTarget, startServer, type Running } from '../testing/server-process';
import { testDatabaseKinds } from '../testing/test-db';

// PRODUCT.md section 3: several server processes run against one Postgres behind a load balancer, with no
// state in process memory. Two real servers on one database: a session made on one works on the other,
// review requests queued through both are each sent exactly once, and the dashboard answers alike.
// (The embedded database belongs to one process: this is a Postgres server's test.)

const REQUESTS = 200;
const CONTACTS = 20;

describe.skipIf(!testDatabaseKinds.includes('postgres'))('several servers on one Postgres', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  it('when two servers share a database, then sessions, the queue and the dashboard are one', async () => {
    const target = await prepareTarget('postgres', 'several');
    cleanups.push(target.cleanup);
    // Both start together: their migrations take turns under the advisory lock.
    const servers: Running[] = await Promise.all([startServer(target.env), startServer(target.env)]);
    for (const server of servers) cleanups.push(async () => void server.child.kill('SIGKILL'));
    const [one, two] = servers as [Running, Running];

    const api = clientFor(one.base);
    expect((await api('POST', '/api/register', registrationFor())).status).toBe(201);
    const cookie = api.cookie();
    /** The same signed-in browser, sent to either server (as a load balancer without stickiness would). */
    const call = async (server: Running, method: string, url: string, body?: unknown) => {
      const res = await fetch(`${server.base}${url}`, {
        method,
        headers: { 'content-type': 'application/json', cookie },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return {
        status: res.status,
        headers: res.headers,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
    };

    // A session made on one works on the other.
    const me = await call(two, 'GET', '/api/user');
    expect(me.status).toBe(200);

    const location = await call(two, 'POST', '/api/locations', { name: 'Harbour Street' });
    expect(location.status).toBe(201);
    const locationId = (location.body as { id: number }).id;
    const contactIds: number[] = [];
    for (let i = 0; i < CONTACTS; i++) {
      const res = await call(servers[i % 2]!, 'POST', '/api/contacts', {
        name: `Customer ${i}`,
        email: `customer-${i}-${randomBytes(3).toString('hex')}@example.com`,
      });
      expect(res.status).toBe(201);
      contactIds.push((res.body as { id: number }).id);
    }

    // 200 requests queued through both, a few at a time on each.
    const accepted: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async (_, lane) => {
        while (next < REQUESTS) {
          const i = next++;
          const res = await call(servers[lane % 2]!, 'POST', '/api/review-requests', {
            locationId,
            contactId: contactIds[i % CONTACTS],
            method: 'email',
            // The same customers asked again: the owner confirms each repeat (the ask window, issue 41).
            confirmRecentAsk: true,
          });
          expect(res.status, JSON.stringify(res.body)).toBe(201);
          accepted.push((res.body as { id: number }).id);
        }
      }),
    );
    expect(accepted).toHaveLength(REQUESTS);

    // Both workers drain the one queue; the test waits for the queue, not for a time.
    const deadline = Date.now() + 120_000;
    for (;;) {
      const res = await call(one, 'GET', '/api/review-requests?status=queued&pageSize=1');
      expect(res.status).toBe(200);
      if (res.headers.get('x-total-count') === '0') break;
      if (Date.now() > deadline) throw new Error(`queue did not drain:\n${one.output()}\n${two.output()}`);
      await new Promise((r) => setTimeout(r, 250));
    }

    const handle = await target.open();
    try {
      const rows = rowsOf<{ id: number; status: string; messages: number | string }>(
        await handle.db.execute(sql`
          select r.id, r.status,
            (select count(*) from outbound_messages m where m.review_request_id = r.id) as messages
          from review_requests r order by r.id`),
      );
      expect(rows.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(
        [...accepted].sort((a, b) => a - b),
      );
      for (const row of rows) {
        // No provider is configured: each message is kept in the outbox, once, whichever worker took it.
        expect(row.status, `request ${row.id}`).toBe('outbox');
        expect(Number(row.messages), `request ${row.id}`).toBe(1);
      }
    } finally {
      await handle.close();
    }

    // The dashboard answers the same from both.
    for (const url of ['/api/dashboard/stats', '/api/dashboard/charts']) {
      const [a, b] = await Promise.all([call(one, 'GET', url), call(two, 'GET', url)]);
      expect(a.status).toBe(200);
      expect(b.body).toEqual(a.body);
    }
    expect(
      ((await call(one, 'GET', '/api/dashboard/stats')).body as { reviewRequests: number }).reviewRequests,
    ).toBe(REQUESTS);

    for (const server of servers) server.child.kill('SIGTERM');
    for (const server of servers) expect(await server.exited).toEqual({ code: 0, signal: null });
  }, 300_000);
});
