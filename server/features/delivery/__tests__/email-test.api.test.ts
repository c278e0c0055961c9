import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundMessages, templates } from '../../../db/schema';
import { createUser, signedInAgent } from '../../../testing/factories';
import { decodeQuotedPrintable, startTestSmtpServer, type TestSmtpServer } from '../../../testing/smtp';
import { agentFor, createTestApp } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';

describe.each(testDatabaseKinds)('POST /api/email-test on %s', (kind) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let owner: Awaited<ReturnType<typeof createUser>>;
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    smtp = await startTestSmtpServer();
    owner = await createUser(db(), { firstName: 'Dana', companyName: 'Harbor Hotel' });
  });
  afterAll(async () => {
    await smtp?.close();
    await database?.drop();
  });

  it("when SMTP is configured, then the client's email template arrives at their own address and the send is recorded", async () => {
    const agent = await signedInAgent(createTestApp(db(), { SMTP_URL: smtp.url }), owner);

    const res = await agent.post('/api/email-test');

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'sent',
      transport: 'smtp',
      to: owner.email,
      subject: '[Test] How was your visit to Harbor Hotel?',
    });
    expect(res.body.messageId).toBeTruthy();
    expect(res.body.text).toContain('Hi Dana,');
    const mail = smtp.messages.find((m) => m.to.includes(owner.email));
    expect(mail).toBeDefined();
    expect(decodeQuotedPrintable(mail!.raw)).toContain('Subject: [Test] How was your visit to Harbor Hotel?');
    const rows = await db().select().from(outboundMessages).where(eq(outboundMessages.ownerId, owner.id));
    expect(rows).toMatchObject([{ transport: 'smtp', status: 'sent', recipient: owner.email }]);
  });

  it('when SMTP is not configured, then the rendered test email goes to the outbox and says so', async () => {
    await db().insert(templates).values({
      ownerId: owner.id,
      name: 'Custom',
      channel: 'email',
      subject: 'Hello from {{business}}',
      body: 'Dear {{name}}: {{link}}',
      isDefault: true,
    });
    const agent = await signedInAgent(createTestApp(db()), owner);

    const res = await agent.post('/api/email-test');

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'outbox',
      transport: 'outbox',
      subject: '[Test] Hello from Harbor Hotel',
    });
    expect(res.body.text).toMatch(/^Dear Dana: http:\/\/localhost:\d+\/review\/example/);
    const [last] = await db()
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.ownerId, owner.id))
      .orderBy(outboundMessages.id)
      .then((rows) => rows.slice(-1));
    expect(last).toMatchObject({
      transport: 'outbox',
      status: 'outbox',
      subject: '[Test] Hello from Harbor Hotel',
    });
  });

  it('when the SMTP server is unreachable, then it answers the failure instead of a 500', async () => {
    const agent = await signedInAgent(createTestApp(db(), { SMTP_URL: 'smtp://127.0.0.1:1' }), owner);

    const res = await agent.post('/api/email-test');

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'failed', transport: 'smtp' });
    expect(res.body.error).toBeTruthy();
  });

  it('when nobody is signed in, then it answers 401', async () => {
    const res = await agentFor(createTestApp(db())).post('/api/email-test');
    expect(res.status).toBe(401);
  });
});
