import { strFromU8, unzipSync } from 'fflate';
import type { Express } from 'express';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WIDGET_SETTINGS } from '@shared/schemas/widget';
import {
  apiKeys,
  notificationSettings,
  outboundMessages,
  pushSubscriptions,
  replySettings,
  templates,
  webhookDeliveries,
  webhookEndpoints,
  widgetSettings,
  feedbackMessages,
} from '../../../db/schema';
import { seedTenant, type Tenant } from '../../../testing/route-fixtures';
import { createInvitation, createMember, createUser, signedInAgent } from '../../../testing/factories';
import { createFeedbackCase } from '../../../testing/feedback-case';
import { agentFor, createTestApp, createTestContext } from '../../../testing/test-app';
import { hashApiKey } from '../../api-access/api-keys.service';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';

const FILES = [
  'profile.csv',
  'locations.csv',
  'contacts.csv',
  'contact-consent-events.csv',
  'review-requests.csv',
  'review-request-events.csv',
  'reviews.csv',
  'feedback-cases.csv',
  'feedback-messages.csv',
  'templates.csv',
  'outbound-messages.csv',
  'notifications.csv',
  'notification-settings.csv',
  'request-settings.csv',
  'reply-settings.csv',
  'widget-settings.csv',
  'api-keys.csv',
  'webhook-endpoints.csv',
  'webhook-deliveries.csv',
  'team-members.csv',
  'team-invitations.csv',
  'push-devices.csv',
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

/** Every file of the archive, decompressed, end to end: what a secret would have to hide in. */
const archiveBytes = (body: Buffer) =>
  Buffer.concat([body, ...Object.values(unzipSync(new Uint8Array(body))).map((data) => Buffer.from(data))]);

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

  /**
   * A tenant's widget, an API key, a webhook endpoint with a delivery, a team member and an invitation, each
   * named with the tenant's marker; answers the secrets stored for them (raw and as stored).
   */
  async function seedIntegrations(tenant: Tenant) {
    const { user, marker } = tenant;
    const { secretBox } = createTestContext(db());
    await db()
      .insert(widgetSettings)
      .values({ ownerId: user.id, publicKey: `${marker}-widget-key`, ...DEFAULT_WIDGET_SETTINGS });
    const apiKey = `rvf_${marker}-raw-api-key-0000000000`;
    await db()
      .insert(apiKeys)
      .values({
        ownerId: user.id,
        name: `${marker} till`,
        prefix: apiKey.slice(0, 12),
        keyHash: hashApiKey(apiKey),
      });
    const signingSecret = `whsec_${marker}-signing-secret`;
    const sealedSecret = secretBox.encrypt(signingSecret);
    const [endpoint] = await db()
      .insert(webhookEndpoints)
      .values({
        ownerId: user.id,
        url: `https://hooks.example.com/${marker}`,
        events: ['review.created'],
        secret: sealedSecret,
      })
      .returning();
    await db()
      .insert(webhookDeliveries)
      .values({
        ownerId: user.id,
        endpointId: endpoint!.id,
        event: 'review.created',
        payload: { review: { text: `${marker} delivered review` } },
        status: 'delivered',
        attempts: 1,
        responseStatus: 200,
        deliveredAt: new Date(),
      });
    const member = await createMember(db(), user.id, { role: 'responder' });
    const pushEndpoint = `https://push.example.com/${marker}-device-endpoint`;
    await db()
      .insert(pushSubscriptions)
      .values({
        userId: user.id,
        endpoint: pushEndpoint,
        p256dh: `${marker}-p256dh-key`,
        auth: `${marker}-auth-secret`,
        deviceLabel: `${marker} phone`,
        everyReview: true,
      });
    const { invitation, token } = await createInvitation(db(), user.id, {
      email: `${marker.toLowerCase()}-invitee@example.com`,
      role: 'manager',
    });
    return {
      member,
      secrets: [
        apiKey,
        hashApiKey(apiKey),
        signingSecret,
        sealedSecret,
        token,
        invitation.tokenHash,
        pushEndpoint,
        `${marker}-p256dh-key`,
        `${marker}-auth-secret`,
      ],
    };
  }

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
    for (const tenant of [mine, theirs]) {
      const { feedbackCase } = await createFeedbackCase(db(), tenant.user.id, {
        contactId: tenant.contact.id,
      });
      await db()
        .insert(feedbackMessages)
        .values({ caseId: feedbackCase.id, author: 'customer', body: `${tenant.marker} customer answer` });
    }
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
    expect(files['contacts.csv']!.split('\r\n')[0]).toContain('Time zone,Language,');
    expect(files['locations.csv']!.split('\r\n')[0]).toContain("Time zone,Customers' language,");
    expect(files['templates.csv']!.split('\r\n')[0]).toContain('Channel,Language,Subject');
    expect(files['reviews.csv']).toContain('MINEXPORT review text');
    expect(files['templates.csv']).toContain('MINEXPORT Template');
    expect(files['review-requests.csv']).toContain(mine.request.uniqueLink);
    expect(files['outbound-messages.csv']).toContain('MINEXPORT message body');
    expect(files['feedback-cases.csv']!.split('\r\n')).toHaveLength(3); // header, one case, the final line break
    expect(files['feedback-messages.csv']).toContain('MINEXPORT customer answer');
    expect(files['notification-settings.csv']).toMatch(/\r\nyes,2,no,/);
    expect(files['reply-settings.csv']).toContain('brief,— MINEXPORT,');
    // Every file opens in a spreadsheet as UTF-8 and starts with its header.
    expect(bom(res.body as Buffer)).toEqual(FILES.map(() => true));
    expect(files['reviews.csv']!.split('\r\n')[0]).toContain('Reply');
  }, 120_000);

  it("when a client has a widget, API keys, webhooks and a team, then each is exported, none of another client's, and no key, secret or token", async () => {
    const mine = await seedTenant(db(), 'MINEINTEG');
    const theirs = await seedTenant(db(), 'THEIRSINTEG');
    const my = await seedIntegrations(mine);
    const their = await seedIntegrations(theirs);
    const agent = await signedInAgent(app, mine.user);

    const res = await agent.get('/api/account/export').buffer(true).parse(binary);

    expect(res.status).toBe(200);
    const files = unzip(res.body as Buffer);
    expect(files['widget-settings.csv']).toContain(
      'MINEINTEG-widget-key,auto,4,"google; facebook",yes,,carousel,light,,',
    );
    expect(files['api-keys.csv']).toMatch(/,MINEINTEG till,rvf_MINEINTE,\d{4}-/);
    expect(files['webhook-endpoints.csv']).toContain(
      'https://hooks.example.com/MINEINTEG,review.created,active,',
    );
    expect(files['webhook-deliveries.csv']).toContain('review.created,delivered,1,200,,');
    expect(files['webhook-deliveries.csv']).toContain('MINEINTEG delivered review');
    expect(files['team-members.csv']).toContain(`${my.member.user.email},Member responder,responder,All,`);
    expect(files['team-invitations.csv']).toContain('mineinteg-invitee@example.com,manager,All,');
    // The owner's push devices, without the endpoint and keys that would let anyone push to them.
    expect(files['push-devices.csv']).toMatch(/\r\n\d+,MINEINTEG phone,yes,\d{4}-/);
    const all = Object.values(files).join('\n');
    expect(all).not.toContain('THEIRSINTEG');
    expect(all).not.toContain('theirsinteg');
    expect(all).not.toContain(their.member.user.email);
    const bytes = archiveBytes(res.body as Buffer);
    for (const secret of [...my.secrets, ...their.secrets])
      expect(bytes.includes(secret), secret).toBe(false);
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
