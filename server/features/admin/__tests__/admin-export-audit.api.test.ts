import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, outboundMessages } from '../../../db/schema';
import { createUser, signedInAgent } from '../../../testing/factories';
import { createTestApp } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';

/**
 * Rows of random text (deflate cannot shrink it much) making an export of about 7 MB: more than the
 * kernel buffers of a loopback socket hold (4 MB to send at most, 128 kB to receive at first), so a reader
 * that stops reading leaves the server mid-stream.
 */
const BULK_ROWS = 2500;
const BULK_ROW_BYTES = 3000;

describe.each(testDatabaseKinds)("an admin's export of a client's data, audited, on %s", (kind) => {
  let database: TestDatabase;
  let server: http.Server;
  let port: number;
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    server = createTestApp(db()).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await database?.drop();
  });

  /** A client whose export is several megabytes: a long history of messages. */
  async function clientWithLargeExport() {
    const client = await createUser(db());
    for (let done = 0; done < BULK_ROWS; done += 500) {
      await db()
        .insert(outboundMessages)
        .values(
          Array.from({ length: 500 }, () => ({
            ownerId: client.id,
            channel: 'email' as const,
            transport: 'outbox',
            recipient: 'someone@example.com',
            subject: 'History',
            body: randomBytes(BULK_ROW_BYTES).toString('base64'),
            status: 'outbox',
          })),
        );
    }
    return client;
  }

  /** An admin signed in over real HTTP: the session cookie to send. */
  async function adminCookie() {
    const admin = await createUser(db(), { role: 'admin' });
    const body = JSON.stringify({ email: admin.email, password: admin.password });
    const cookie = await new Promise<string>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/login',
          headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          const set = res.headers['set-cookie'];
          if (res.statusCode !== 200 || !set) reject(new Error(`sign-in failed: ${res.statusCode}`));
          else resolve(set.map((c) => c.split(';')[0]).join('; '));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    return { admin, cookie };
  }

  const exportAudits = (adminId: number, clientId: number) =>
    db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.actorId, adminId),
          eq(auditLog.targetClientId, clientId),
          eq(auditLog.action, `GET /api/admin/clients/${clientId}/account/export`),
        ),
      );

  it('when the download is cut short after its first bytes, then the export is still audited, as not completed', async () => {
    const client = await clientWithLargeExport();
    const { admin, cookie } = await adminCookie();

    // A few bytes of the archive, then the admin's side goes away.
    const received = await new Promise<number>((resolve, reject) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port,
          path: `/api/admin/clients/${client.id}/account/export`,
          headers: { Cookie: cookie },
        },
        (res) => {
          if (res.statusCode !== 200) reject(new Error(`export answered ${res.statusCode}`));
          res.once('data', (chunk: Buffer) => {
            req.destroy();
            resolve(chunk.length);
          });
        },
      );
      req.on('error', (err) => {
        if (!req.destroyed) reject(err);
      });
    });
    expect(received).toBeGreaterThan(0);

    // Written once the server sees the connection close: wait for it, with a deadline.
    const [entry] = await vi.waitFor(
      async () => {
        const rows = await exportAudits(admin.id, client.id);
        if (rows.length === 0) throw new Error('no audit entry yet');
        return rows;
      },
      { timeout: 15_000, interval: 20 },
    );
    expect(entry!.details).toEqual({ completed: false });
    expect(await exportAudits(admin.id, client.id)).toHaveLength(1);
  });

  it('when the download runs to its end, then the export is audited once, as completed', async () => {
    const client = await createUser(db());
    const admin = await createUser(db(), { role: 'admin' });
    const agent = await signedInAgent(createTestApp(db()), admin);

    const res = await agent.get(`/api/admin/clients/${client.id}/account/export`);
    expect(res.status).toBe(200);

    const rows = await vi.waitFor(
      async () => {
        const found = await exportAudits(admin.id, client.id);
        if (found.length === 0) throw new Error('no audit entry yet');
        return found;
      },
      { timeout: 15_000, interval: 20 },
    );
    expect(rows.map((r) => r.details)).toEqual([{ completed: true }]);
  });
});
