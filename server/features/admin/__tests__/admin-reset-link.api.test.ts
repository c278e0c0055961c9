import { eq } from 'drizzle-orm';
import type { Express } from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, outboundMessages, users } from '../../../db/schema';
import { createUser, DEFAULT_PASSWORD, registrationFor, signedInAgent } from '../../../testing/factories';
import { decodeQuotedPrintable, startTestSmtpServer, type TestSmtpServer } from '../../../testing/smtp';
import { agentFor, createTestApp } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';

const BASE = 'https://reviews.example.com';

describe.each(testDatabaseKinds)("the admin's reset link and accounts' verification on %s", (kind) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let app: Express;
  let outboxApp: Express;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    smtp = await startTestSmtpServer();
    app = createTestApp(database.handle.db, { SMTP_URL: smtp.url, PUBLIC_BASE_URL: BASE });
    outboxApp = createTestApp(database.handle.db, { PUBLIC_BASE_URL: BASE });
  }, 180_000);
  afterAll(async () => {
    await smtp?.close();
    await database?.drop();
  });
  beforeEach(() => {
    smtp.messages.length = 0;
  });

  const db = () => database.handle.db;

  it("when the admin sends a reset link from a client's row, then it reaches the client, works, is audited, and the outbox keeps it hidden", async () => {
    const adminUser = await createUser(db(), { role: 'admin' });
    const client = await createUser(db());
    const admin = await signedInAgent(app, adminUser);

    const res = await admin.post(`/api/admin/clients/${client.id}/password-reset`);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ to: client.email, status: 'sent' });
    const mail = smtp.messages.find((m) => m.to.includes(client.email));
    const token = decodeQuotedPrintable(mail!.raw).match(/\/auth\?reset=([\w-]+)/)![1]!;
    const [kept] = await db()
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.recipient, client.email));
    expect(kept!.body).toContain(`${BASE}/auth?reset=[redacted]`);
    expect(kept!.body).not.toContain(token);
    await agentFor(app).post('/api/reset-password').send({ token, password: 'chosen-by-client' }).expect(200);
    await signedInAgent(app, { email: client.email, password: 'chosen-by-client' });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'client.password_reset_link'));
    expect(audit).toMatchObject({
      actorId: adminUser.id,
      targetClientId: client.id,
      details: { to: client.email, status: 'sent' },
    });
  }, 120_000);

  it('when there is no SMTP, then the email is kept in the outbox without its token, and the answer says so', async () => {
    const adminUser = await createUser(db(), { role: 'admin' });
    const client = await createUser(db());
    const admin = await signedInAgent(outboxApp, adminUser);

    const res = await admin.post(`/api/admin/clients/${client.id}/password-reset`);

    expect(res.body).toEqual({ to: client.email, status: 'outbox' });
    const kept = await db()
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.recipient, client.email));
    // Nobody but the client may follow the link: not even from the outbox (issue 42, item 6).
    expect(kept[0]!.body).toContain(`${BASE}/auth?reset=[redacted]`);
    expect(kept[0]!.body).not.toMatch(/\/auth\?reset=[\w-]/);
  }, 120_000);

  it('when a client or nobody asks, or the id is not a client, then 403, 401 or 404 and nothing is sent', async () => {
    const client = await createUser(db());
    const other = await createUser(db());
    const adminUser = await createUser(db(), { role: 'admin' });
    const asClient = await signedInAgent(app, other);

    expect((await asClient.post(`/api/admin/clients/${client.id}/password-reset`)).status).toBe(403);
    expect((await agentFor(app).post(`/api/admin/clients/${client.id}/password-reset`)).status).toBe(401);
    const admin = await signedInAgent(app, adminUser);
    expect((await admin.post(`/api/admin/clients/${adminUser.id}/password-reset`)).status).toBe(404);
    expect((await admin.post('/api/admin/clients/999999/password-reset')).status).toBe(404);
    expect((await admin.post('/api/admin/clients/abc/password-reset')).status).toBe(400);
    expect(smtp.messages).toHaveLength(0);
  }, 120_000);

  it('when the admin creates a client, then the account counts as verified', async () => {
    const adminUser = await createUser(db(), { role: 'admin' });
    const admin = await signedInAgent(app, adminUser);
    const form = registrationFor({ password: DEFAULT_PASSWORD });

    const res = await admin.post('/api/admin/clients').send(form);

    expect(res.status).toBe(201);
    const [row] = await db().select().from(users).where(eq(users.email, form.email));
    expect(row!.emailVerifiedAt).not.toBeNull();
    const agent = await signedInAgent(app, form);
    expect((await agent.get('/api/user')).body.emailVerified).toBe(true);
  }, 120_000);
});
