import { strFromU8, unzipSync } from 'fflate';
import type { Express } from 'express';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationSettings, outboundMessages, replySettings, templates } from '../../../db/schema';
import { seedTenant } from '../../../testing/route-fixtures';
import { createUser, signedInAgent } from '../../../testing/factories';
import { agentFor, createTestApp } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';

const FILES = [
  'profile.csv',
  'locations.csv',
  'contacts.csv',
  'contact-consent-events.csv',
  'review-requests.csv',
  'review-request-events.csv',
  'reviews.csv',
  'templates.csv',
  'outbound-messages.csv',
  'notifications.csv',
  'notification-settings.csv',
  'request-settings.csv',
  'reply-settings.csv',
];

/** supertest buffers a binary answer into a Buffer with this parser. */
const binary = (res: Response, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/** Whether each file starts with the UTF-8 byte order mark (strFromU8's TextDecoder drops it). */
const bom = (body: Buffer) =>
  Object.values(unzipSync(new Uint8Array(body))).map(
    (data) => data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf,
  );

const unzip = (body: Buffer) =>
  Object.fromEntries(
    Object.entries(unzipSync(new Uint8Array(body))).map(([name, data]) => [name, strFromU8(data)]),
  );

describe.each(testDatabaseKinds)('data export on %s', (kind) => {
  let database: TestDatabase;
  let app: Express;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = createTestApp(database.handle.db);
  }, 180_000);
  afterAll(async () => {
    await database?.drop();
  });

  const db = () => database.handle.db;

  it("when a client exports, then the ZIP holds a CSV of each kind of their rows and none of another client's", async () => {
    const mine = await seedTenant(db(), 'MINEXPORT');
    const theirs = await seedTenant(db(), 'THEIRSEXPORT');
    await db().insert(outboundMessages).values({
      ownerId: mine.user.id,
      channel: 'email',
      transport: 'outbox',
      recipient: mine.contact.email!,
      subject: 'MINEXPORT subject line',
      body: 'MINEXPORT message body',
      status: 'outbox',
    });
    await db()
      .insert(notificationSettings)
      .values({ userId: mine.user.id, instantAlerts: true, alertMaxRating: 2, weeklyDigest: false });
    await db()
      .insert(replySettings)
      .values({ ownerId: mine.user.id, tone: 'brief', signature: '— MINEXPORT' });
    await db()
      .insert(replySettings)
      .values({ ownerId: theirs.user.id, tone: 'warm', signature: '— THEIRSEXPORT' });
    await db()
      .insert(templates)
      .values({ ownerId: theirs.user.id, name: '=HYPERLINK("x")', channel: 'sms', body: 'Hi {{link}}' });
    const agent = await signedInAgent(app, mine.user);

    const res = await agent.get('/api/account/export').buffer(true).parse(binary);

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="reviewflow-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = unzip(res.body as Buffer);
    expect(Object.keys(files)).toEqual(FILES);
    const all = Object.values(files).join('\n');
    expect(all).not.toContain('THEIRSEXPORT');
    expect(all).not.toContain(theirs.user.email);
    expect(all).not.toMatch(/scrypt|password/i);
    expect(files['profile.csv']).toContain(mine.user.email);
    expect(files['locations.csv']).toContain('MINEXPORT Location');
    expect(files['contacts.csv']).toContain('MINEXPORT Contact');
    expect(files['reviews.csv']).toContain('MINEXPORT review text');
    expect(files['templates.csv']).toContain('MINEXPORT Template');
    expect(files['review-requests.csv']).toContain(mine.request.uniqueLink);
    expect(files['outbound-messages.csv']).toContain('MINEXPORT message body');
    expect(files['notification-settings.csv']).toMatch(/\r\nyes,2,no,/);
    expect(files['reply-settings.csv']).toContain('brief,— MINEXPORT,');
    // Every file opens in a spreadsheet as UTF-8 and starts with its header.
    expect(bom(res.body as Buffer)).toEqual(FILES.map(() => true));
    expect(files['reviews.csv']!.split('\r\n')[0]).toContain('Reply');
  }, 120_000);

  it('when the admin exports inside a client area, then it is that client’s data; signed out answers 401', async () => {
    const client = await seedTenant(db(), 'VIEWEDEXPORT');
    const adminUser = await createUser(db(), { role: 'admin' });
    const admin = await signedInAgent(app, adminUser);

    const res = await admin
      .get(`/api/admin/clients/${client.user.id}/account/export`)
      .buffer(true)
      .parse(binary);

    expect(res.status).toBe(200);
    expect(unzip(res.body as Buffer)['contacts.csv']).toContain('VIEWEDEXPORT Contact');
    expect((await agentFor(app).get('/api/account/export')).status).toBe(401);
  }, 120_000);

  it('when a client has more rows than a page, then every row is in the file once', async () => {
    const tenant = await seedTenant(db(), 'MANYEXPORT');
    const rows = Array.from({ length: 2100 }, (_, i) => ({
      ownerId: tenant.user.id,
      name: `Bulk contact ${i}`,
      email: `bulk-${i}-${tenant.user.id}@example.com`,
    }));
    const { contacts } = await import('../../../db/schema');
    for (let i = 0; i < rows.length; i += 700)
      await db()
        .insert(contacts)
        .values(rows.slice(i, i + 700));
    const agent = await signedInAgent(app, tenant.user);

    const res = await agent.get('/api/account/export').buffer(true).parse(binary);

    const lines = unzip(res.body as Buffer)
      ['contacts.csv']!.trim()
      .split('\r\n');
    expect(lines).toHaveLength(1 + 1 + 2100);
    expect(new Set(lines).size).toBe(lines.length);
  }, 120_000);
});
