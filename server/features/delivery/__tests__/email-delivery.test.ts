import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { templates, users } from '../../../db/schema';
import { createSecretBox } from '../../../lib/crypto';
import { createContact } from '../../../testing/factories';
import { decodeQuotedPrintable, startTestSmtpServer, type TestSmtpServer } from '../../../testing/smtp';
import { agentFor, createTestApp, createTestContext } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { unsubscribeToken } from '../../contacts/unsubscribe-token';
import { contactRow, createSender, jobFor, outboundFor, queueRequest, settle, testWorker } from './helpers';

const BASE = 'https://reviews.example.com';

/** The decoded body of the MIME part with this content type. */
function part(raw: string, type: 'text/plain' | 'text/html'): string {
  const boundary = raw.match(/boundary="?([^";\r\n]+)"?/)?.[1];
  if (!boundary) throw new Error(`not a multipart message:\n${raw}`);
  for (const chunk of raw.split(`--${boundary}`)) {
    const [headers = '', ...rest] = chunk.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    if (!new RegExp(`^Content-Type: ${type}`, 'im').test(headers)) continue;
    const body = rest.join('\r\n\r\n').replace(/\r?\n$/, '');
    if (/quoted-printable/i.test(headers)) return decodeQuotedPrintable(body);
    if (/base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    return body;
  }
  throw new Error(`no ${type} part in:\n${raw}`);
}

/** A header value with folded lines joined. */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

describe.each(testDatabaseKinds)('email delivery on %s', (kind) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  const env = () => ({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Reviews <reviews@example.com>',
    PUBLIC_BASE_URL: BASE,
  });
  const db = () => database.handle.db;

  // Creating a user hashes a password (slow on purpose): one client serves most tests.
  let shared: Awaited<ReturnType<typeof createSender>>;
  const senderNamed = async (companyName: string) => {
    await db().update(users).set({ companyName }).where(eq(users.id, shared.user.id));
    return shared;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    smtp = await startTestSmtpServer();
    shared = await createSender(db());
  });
  afterAll(async () => {
    await smtp?.close();
    await database?.drop();
  });

  it('when a queued email request runs, then it arrives over SMTP with the link, both parts and one-click unsubscribe headers', async () => {
    const sender = await senderNamed('Bloom Bakery');
    const contact = await createContact(db(), sender.user.id, { name: 'Robin Hart' });
    const request = await queueRequest(db(), sender, contact, 'email');
    const ctx = createTestContext(db(), env());

    const row = await settle(db(), testWorker(ctx), request.id);

    const mail = smtp.messages.find((m) => m.to.includes(contact.email!));
    expect(mail).toBeDefined();
    const raw = mail!.raw;
    expect(header(raw, 'Subject')).toBe('How was your visit to Bloom Bakery?');
    expect(header(raw, 'From')).toContain('reviews@example.com');
    const link = `${BASE}/review/${request.uniqueLink}`;
    const text = part(raw, 'text/plain');
    const html = part(raw, 'text/html');
    expect(text).toContain('Hi Robin,');
    expect(text).toContain(link);
    expect(html).toContain(`href="${link}"`);
    expect(html).toContain('Leave a review');
    const listUnsubscribe = header(raw, 'List-Unsubscribe');
    expect(listUnsubscribe).toMatch(new RegExp(`^<${BASE}/api/unsubscribe/[\\w.-]+>$`));
    expect(header(raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribeUrl = listUnsubscribe!.slice(1, -1);
    expect(text).toContain(unsubscribeUrl);
    expect(html).toContain(unsubscribeUrl);

    expect(row.status).toBe('sent');
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.providerMessageId).toBeTruthy();
    const [outbound] = await outboundFor(db(), request.id);
    expect(outbound).toMatchObject({
      transport: 'smtp',
      status: 'sent',
      channel: 'email',
      recipient: contact.email,
      subject: 'How was your visit to Bloom Bakery?',
      providerMessageId: row.providerMessageId,
    });
    expect(outbound!.body).toContain(link);
    expect(outbound!.html).toContain(link);
  });

  it("when the contact's name and the company hold HTML, then the HTML part escapes them", async () => {
    const sender = await senderNamed('Tom & <b>Jerry</b>');
    const contact = await createContact(db(), sender.user.id, { name: '<script>alert(1)</script>' });
    const request = await queueRequest(db(), sender, contact, 'email');

    await settle(db(), testWorker(createTestContext(db(), env())), request.id);

    const raw = smtp.messages.find((m) => m.to.includes(contact.email!))!.raw;
    const html = part(raw, 'text/html');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>Jerry');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Tom &amp; &lt;b&gt;Jerry&lt;/b&gt;');
    expect(part(raw, 'text/plain')).toContain('Hi <script>alert(1)</script>,');
  });

  it("when the client has a default email template, then it is used instead of the product's", async () => {
    const sender = await createSender(db(), 'Fern Florist');
    await db().insert(templates).values({
      ownerId: sender.user.id,
      name: 'Mine',
      channel: 'email',
      subject: 'A word from {{business}}',
      body: 'Dear {{name}}, please review us: {{link}}',
      isDefault: true,
    });
    const contact = await createContact(db(), sender.user.id, { name: 'Kim' });
    const request = await queueRequest(db(), sender, contact, 'email');

    await settle(db(), testWorker(createTestContext(db(), env())), request.id);

    const raw = smtp.messages.find((m) => m.to.includes(contact.email!))!.raw;
    expect(header(raw, 'Subject')).toBe('A word from Fern Florist');
    expect(part(raw, 'text/plain')).toContain(
      `Dear Kim, please review us: ${BASE}/review/${request.uniqueLink}`,
    );
  });

  it('when the unsubscribe link is opened and confirmed, then the contact is opted out and the next email request fails with the reason', async () => {
    const sender = shared;
    const contact = await createContact(db(), sender.user.id, { name: 'Lee' });
    const first = await queueRequest(db(), sender, contact, 'email');
    await settle(db(), testWorker(createTestContext(db(), env())), first.id);
    const raw = smtp.messages.find((m) => m.to.includes(contact.email!))!.raw;
    const url = new URL(header(raw, 'List-Unsubscribe')!.slice(1, -1));
    const app = createTestApp(db(), env());

    const opened = await agentFor(app).get(url.pathname);
    // Opening the link (as a mail scanner's prefetch would) only asks.
    expect(opened.status).toBe(200);
    expect(opened.headers['content-type']).toMatch(/text\/html/);
    expect(opened.text).toContain('<form method="post"><button type="submit">Unsubscribe</button></form>');
    expect((await contactRow(db(), contact.id)).emailOptedOutAt).toBeNull();

    const res = await agentFor(app).post(url.pathname).set('Accept', 'text/html').type('form').send('');

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('You have been unsubscribed');
    expect((await contactRow(db(), contact.id)).emailOptedOutAt).toBeInstanceOf(Date);

    const before = smtp.messages.length;
    const second = await queueRequest(db(), sender, contact, 'email');
    const row = await settle(db(), testWorker(createTestContext(db(), env())), second.id);
    expect(row.status).toBe('failed');
    expect(row.failureReason).toBe('Contact opted out of email');
    expect((await jobFor(db(), second.id)).attempts).toBe(1);
    expect(smtp.messages.length).toBe(before);
  });

  it('when a mail client posts the RFC 8058 one-click unsubscribe, then it answers 200 and opts the contact out', async () => {
    const sender = shared;
    const contact = await createContact(db(), sender.user.id);
    const ctx = createTestContext(db(), env());
    const token = unsubscribeToken(ctx.secretBox, contact.id, 'email');

    const res = await agentFor(createTestApp(db(), env()))
      .post(`/api/unsubscribe/${token}`)
      .type('form')
      .send('List-Unsubscribe=One-Click');

    expect(res.status).toBe(200);
    expect((await contactRow(db(), contact.id)).emailOptedOutAt).toBeInstanceOf(Date);
  });

  it('when an unsubscribe token is altered or made with another key, then nothing changes and it answers 404', async () => {
    const sender = shared;
    const victim = await createContact(db(), sender.user.id);
    const ctx = createTestContext(db(), env());
    const real = unsubscribeToken(ctx.secretBox, victim.id + 1000, 'email');
    const parts = real.split('.');
    const last = parts[3]!;
    parts[3] = (last[0] === 'A' ? 'B' : 'A') + last.slice(1);
    const tampered = parts.join('.');
    const otherKey = unsubscribeToken(
      createSecretBox('another-secret-that-is-long-enough-000000'),
      victim.id,
      'email',
    );
    const smsToken = unsubscribeToken(ctx.secretBox, victim.id, 'sms');
    const agent = agentFor(createTestApp(db(), env()));

    for (const token of [tampered, otherKey, smsToken, 'v1.abc.def.ghi', `${victim.id}`]) {
      const get = await agent.get(`/api/unsubscribe/${encodeURIComponent(token)}`);
      expect(get.status).toBe(404);
      expect(get.text).not.toContain('You have been unsubscribed');
      const post = await agent.post(`/api/unsubscribe/${encodeURIComponent(token)}`);
      expect(post.status).toBe(404);
      expect(post.body.message).toBeTruthy();
    }
    expect((await contactRow(db(), victim.id)).emailOptedOutAt).toBeNull();
  });

  it('when the contact has no email address, then the request fails at once with a clear reason', async () => {
    const sender = shared;
    const contact = await createContact(db(), sender.user.id, { email: null, phone: '+447700900001' });
    const request = await queueRequest(db(), sender, contact, 'email');

    const row = await settle(db(), testWorker(createTestContext(db(), env())), request.id);

    expect(row.status).toBe('failed');
    expect(row.failureReason).toBe('Contact has no email address');
    expect(await jobFor(db(), request.id)).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('when the SMTP server refuses the recipient for good (5xx), then the request fails with its answer without retrying', async () => {
    const sender = shared;
    const contact = await createContact(db(), sender.user.id);
    const request = await queueRequest(db(), sender, contact, 'email');
    smtp.failNext(550, 'Mailbox unavailable');

    const row = await settle(db(), testWorker(createTestContext(db(), env())), request.id);

    expect(row.status).toBe('failed');
    expect(row.failureReason).toContain('Mailbox unavailable');
    expect((await jobFor(db(), request.id)).attempts).toBe(1);
    expect(await outboundFor(db(), request.id)).toMatchObject([{ transport: 'smtp', status: 'failed' }]);
  });

  it('when SMTP is not configured, then the rendered email goes to the outbox and the request says it was not sent', async () => {
    const sender = await senderNamed('Outbox Opticians');
    const contact = await createContact(db(), sender.user.id, { name: 'Pat' });
    const request = await queueRequest(db(), sender, contact, 'email');

    const row = await settle(
      db(),
      testWorker(createTestContext(db(), { PUBLIC_BASE_URL: BASE })),
      request.id,
    );

    expect(row.status).toBe('outbox');
    const [outbound] = await outboundFor(db(), request.id);
    expect(outbound).toMatchObject({
      transport: 'outbox',
      status: 'outbox',
      recipient: contact.email,
      subject: 'How was your visit to Outbox Opticians?',
    });
    expect(outbound!.body).toContain(`${BASE}/review/${request.uniqueLink}`);
    expect(outbound!.html).toContain('Leave a review');
  });
});
