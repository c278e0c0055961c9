import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, reviewRequests, templates } from '../../../db/schema';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { createTestApp } from '../../../testing/test-app';
import {
  createContact,
  createLocation,
  createReviewRequest,
  createUser,
  signedInAgent,
} from '../../../testing/factories';
import { createReviewRequestsRepository } from '../review-requests.repository';
import { createReviewRequestsService } from '../review-requests.service';
import { createRequestSettingsRepository } from '../request-settings.repository';
import { wholeClient } from '../../../db/scope';

const BASE = 'https://reviews.example.com';
// Phones are unique per client: each contact gets its own.
let phoneCounter = 0;
const phone = () => `+447${700_000_000 + phoneCounter++}`;

describe.each(testDatabaseKinds)('review requests API on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  const db = () => database.handle.db;
  const app = () => createTestApp(db(), { PUBLIC_BASE_URL: BASE });

  type Agent = Awaited<ReturnType<typeof signedInAgent>>;
  type Client = { user: Awaited<ReturnType<typeof createUser>>; agent: Agent };
  // Password hashing is slow on purpose: a few accounts are made once; each test makes its own rows.
  let alice: Client;
  let bob: Client;
  let lister: Client; // only the list tests write requests for this one
  let adminAgent: Agent;

  async function client(): Promise<Client> {
    const user = await createUser(db());
    return { user, agent: await signedInAgent(app(), user) };
  }

  beforeAll(async () => {
    [alice, bob, lister] = await Promise.all([client(), client(), client()]);
    const admin = await createUser(db(), { role: 'admin' });
    adminAgent = await signedInAgent(app(), admin);
  });

  const jobsFor = (requestId: number) =>
    db()
      .select()
      .from(jobs)
      .where(sql`${jobs.payload} ->> 'reviewRequestId' = ${String(requestId)}`);
  const countRows = async () => {
    const [r] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(reviewRequests);
    const [j] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs);
    return { requests: r!.n, jobs: j!.n };
  };

  describe('POST /api/review-requests', () => {
    it('when valid, then it answers 201 with a queued request and queues its delivery job', async () => {
      const location = await createLocation(db(), alice.user.id, { name: 'Harbour' });
      const contact = await createContact(db(), alice.user.id, { name: 'Ana Lima' });

      const res = await alice.agent
        .post('/api/review-requests')
        .send({ locationId: String(location.id), contactId: String(contact.id), method: 'email' });

      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        id: expect.any(Number),
        locationId: location.id,
        locationName: 'Harbour',
        contactId: contact.id,
        contactName: 'Ana Lima',
        method: 'email',
        status: 'queued',
        failureReason: null,
        templateId: null,
      });
      expect(res.body.uniqueLink).toMatch(/^[A-Za-z0-9_-]{22,}$/);
      const [row] = await db().select().from(reviewRequests).where(eq(reviewRequests.id, res.body.id));
      expect(row).toMatchObject({ ownerId: alice.user.id, uniqueLink: res.body.uniqueLink });
      const queued = await jobsFor(res.body.id);
      expect(queued).toHaveLength(1);
      expect(queued[0]).toMatchObject({
        queue: 'deliver-review-request',
        payload: { reviewRequestId: res.body.id },
        dedupeKey: `deliver-review-request:${res.body.id}`,
      });
    });

    it('when the client has a default template for the channel, then the request uses it', async () => {
      const location = await createLocation(db(), alice.user.id);
      const contact = await createContact(db(), alice.user.id, { phone: '+447700900123' });
      const template = await alice.agent
        .post('/api/templates')
        .send({ name: 'Mine', channel: 'sms', body: 'Hi {{name}} {{link}}', isDefault: true })
        .expect(201);

      const res = await alice.agent
        .post('/api/review-requests')
        .send({ locationId: location.id, contactId: contact.id, method: 'sms' });

      expect(res.status).toBe(201);
      expect(res.body.templateId).toBe(template.body.id);
      const [row] = await db().select().from(templates).where(eq(templates.id, template.body.id));
      expect(row!.ownerId).toBe(alice.user.id);
    });

    it('when requests are created, then every link is distinct, 22 base64url characters of randomness', async () => {
      const location = await createLocation(db(), alice.user.id);
      const contact = await createContact(db(), alice.user.id);
      const links = new Set<string>();
      for (let i = 0; i < 5; i++) {
        const res = await alice.agent
          .post('/api/review-requests')
          // The same contact five times: the owner confirms each ask after the first (issue 41).
          .send({ locationId: location.id, contactId: contact.id, method: 'email', confirmRecentAsk: i > 0 })
          .expect(201);
        expect(res.body.uniqueLink).toMatch(/^[A-Za-z0-9_-]{22}$/);
        links.add(res.body.uniqueLink);
      }
      expect(links.size).toBe(5);
      // 128 random bits: the characters of five links are far from uniform only by bad luck.
      expect(new Set([...links].join('')).size).toBeGreaterThan(30);
    });

    it.each([
      [
        {},
        {
          locationId: 'Please select a location',
          contactId: 'Please select a contact',
          method: 'Please select a method',
        },
      ],
      [
        { locationId: '', contactId: '', method: '' },
        {
          locationId: 'Please select a location',
          contactId: 'Please select a contact',
          method: 'Please select a method',
        },
      ],
      [{ locationId: 1, contactId: 1, method: 'fax' }, { method: 'Please select a method' }],
      [
        { locationId: 'abc', contactId: 1.5, method: 'sms' },
        { locationId: 'Please select a location', contactId: 'Please select a contact' },
      ],
    ])(
      'when the body is %j, then it answers 400 with the spec messages and stores nothing',
      async (body, expected) => {
        const before = await countRows();

        const res = await alice.agent.post('/api/review-requests').send(body);

        expect(res.status).toBe(400);
        expect(res.body.message).toBe(Object.values(expected)[0]);
        expect(res.body.details).toEqual(
          Object.fromEntries(Object.entries(expected).map(([k, v]) => [k, [v]])),
        );
        expect(await countRows()).toEqual(before);
      },
    );

    it("when the location or the contact is another client's, then it answers 404 and stores nothing", async () => {
      const mine = await createLocation(db(), alice.user.id);
      const myContact = await createContact(db(), alice.user.id);
      const theirLocation = await createLocation(db(), bob.user.id);
      const theirContact = await createContact(db(), bob.user.id);
      const before = await countRows();

      const a = await alice.agent
        .post('/api/review-requests')
        .send({ locationId: theirLocation.id, contactId: myContact.id, method: 'email' });
      const b = await alice.agent
        .post('/api/review-requests')
        .send({ locationId: mine.id, contactId: theirContact.id, method: 'email' });

      expect([a.status, a.body.message]).toEqual([404, 'Location not found']);
      expect([b.status, b.body.message]).toEqual([404, 'Contact not found']);
      expect(await countRows()).toEqual(before);
    });

    it.each([
      ['email', { emailOptedOutAt: new Date() }, 'This contact has opted out of Email messages.'],
      ['sms', { smsOptedOutAt: new Date() }, 'This contact has opted out of SMS messages.'],
      ['whatsapp', { whatsappOptedOutAt: new Date() }, 'This contact has opted out of WhatsApp messages.'],
    ])(
      'when the contact opted out of %s, then it answers 409 and stores nothing',
      async (method, optOut, message) => {
        const location = await createLocation(db(), alice.user.id);
        const contact = await createContact(db(), alice.user.id, { phone: phone(), ...optOut });
        const before = await countRows();

        const res = await alice.agent
          .post('/api/review-requests')
          .send({ locationId: location.id, contactId: contact.id, method });

        expect(res.status).toBe(409);
        expect(res.body).toEqual({ message, code: 'conflict' });
        expect(await countRows()).toEqual(before);
      },
    );

    it.each([
      ['email', { email: null, phone: phone() }, 'This contact has no email address.'],
      ['sms', { phone: null }, 'This contact has no phone number.'],
      ['whatsapp', { phone: null }, 'This contact has no phone number.'],
    ])('when the contact has no address for %s, then it answers 400', async (method, fields, message) => {
      const location = await createLocation(db(), alice.user.id);
      const contact = await createContact(db(), alice.user.id, fields);

      const res = await alice.agent
        .post('/api/review-requests')
        .send({ locationId: location.id, contactId: contact.id, method });

      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message, code: 'bad_request' });
    });

    it('when the request row cannot be inserted, then no job is queued either', async () => {
      const location = await createLocation(db(), alice.user.id);
      const contact = await createContact(db(), alice.user.id);
      const existing = await createReviewRequest(db(), alice.user.id, location.id);
      // A link that is already taken makes the insert fail on the unique index.
      const service = createReviewRequestsService(createReviewRequestsRepository(db()), {
        publicBaseUrl: BASE,
        settings: createRequestSettingsRepository(db()),
        generateLink: () => existing.uniqueLink,
      });
      const before = await countRows();

      await expect(
        service.create(wholeClient(alice.user.id), {
          locationId: location.id,
          contactId: contact.id,
          method: 'email',
        }),
      ).rejects.toThrow();

      expect(await countRows()).toEqual(before);
    });

    it('when the job cannot be queued, then the request is not stored either', async () => {
      const location = await createLocation(db(), alice.user.id);
      const contact = await createContact(db(), alice.user.id);
      await db().execute(sql`
        create function rf_test_refuse_job() returns trigger language plpgsql as $$
        begin raise exception 'queue unavailable'; end $$`);
      await db().execute(sql`
        create trigger rf_test_refuse_job before insert on jobs for each row execute function rf_test_refuse_job()`);
      try {
        const before = await countRows();

        const res = await alice.agent
          .post('/api/review-requests')
          .send({ locationId: location.id, contactId: contact.id, method: 'email' });

        expect(res.status).toBe(500);
        expect(await countRows()).toEqual(before);
      } finally {
        await db().execute(sql`drop trigger rf_test_refuse_job on jobs`);
        await db().execute(sql`drop function rf_test_refuse_job()`);
      }
    });
  });

  describe('POST /api/review-requests/bulk', () => {
    it('when given contact ids, then it creates one request and job per reachable contact and lists the others', async () => {
      const location = await createLocation(db(), alice.user.id);
      const ok1 = await createContact(db(), alice.user.id, { phone: phone() });
      const ok2 = await createContact(db(), alice.user.id, { phone: phone() });
      const optedOut = await createContact(db(), alice.user.id, {
        phone: phone(),
        smsOptedOutAt: new Date(),
      });
      const noPhone = await createContact(db(), alice.user.id, { phone: null });
      const theirs = await createContact(db(), bob.user.id, { phone: phone() });
      const before = await countRows();

      const res = await alice.agent.post('/api/review-requests/bulk').send({
        locationId: location.id,
        method: 'sms',
        contactIds: [ok1.id, ok2.id, optedOut.id, noPhone.id, theirs.id, ok1.id],
      });

      expect(res.status).toBe(201);
      expect(res.body.created).toBe(2);
      expect(res.body.skipped).toEqual(
        expect.arrayContaining([
          {
            contactId: optedOut.id,
            name: optedOut.name,
            reason: 'This contact has opted out of SMS messages.',
          },
          { contactId: noPhone.id, name: noPhone.name, reason: 'This contact has no phone number.' },
          { contactId: theirs.id, name: null, reason: 'Contact not found' },
        ]),
      );
      expect(res.body.skipped).toHaveLength(3);
      expect(await countRows()).toEqual({ requests: before.requests + 2, jobs: before.jobs + 2 });
      const rows = await db()
        .select()
        .from(reviewRequests)
        .where(and(eq(reviewRequests.ownerId, alice.user.id), eq(reviewRequests.locationId, location.id)));
      expect(rows.map((r) => r.contactId).sort()).toEqual([ok1.id, ok2.id].sort());
      for (const row of rows) expect(await jobsFor(row.id)).toHaveLength(1);
    });

    it('when given a tag, then only the tagged contacts of this client are asked', async () => {
      const location = await createLocation(db(), alice.user.id);
      const tag = `vip-${Date.now()}`;
      const a = await createContact(db(), alice.user.id, { tags: [tag, 'other'] });
      const b = await createContact(db(), alice.user.id, { tags: [tag] });
      const noEmail = await createContact(db(), alice.user.id, {
        tags: [tag],
        email: null,
        phone: phone(),
      });
      await createContact(db(), alice.user.id, { tags: ['other'] });
      await createContact(db(), bob.user.id, { tags: [tag] });

      const res = await alice.agent
        .post('/api/review-requests/bulk')
        .send({ locationId: location.id, method: 'email', tag });

      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        created: 2,
        skipped: [
          { contactId: noEmail.id, name: noEmail.name, reason: 'This contact has no email address.' },
        ],
      });
      const rows = await db().select().from(reviewRequests).where(eq(reviewRequests.locationId, location.id));
      expect(rows.map((r) => r.contactId).sort()).toEqual([a.id, b.id].sort());
      expect(new Set(rows.map((r) => r.uniqueLink)).size).toBe(2);
    });

    it('when nobody is reachable, then it answers 200 with created 0 and stores nothing', async () => {
      const location = await createLocation(db(), alice.user.id);
      const c = await createContact(db(), alice.user.id, { emailOptedOutAt: new Date() });
      const before = await countRows();

      const res = await alice.agent
        .post('/api/review-requests/bulk')
        .send({ locationId: location.id, method: 'email', contactIds: [c.id] });

      expect(res.status).toBe(200);
      expect(res.body.created).toBe(0);
      expect(await countRows()).toEqual(before);
    });

    it('when the target is missing or too large, or the location is not theirs, then it refuses', async () => {
      const location = await createLocation(db(), alice.user.id);
      const theirLocation = await createLocation(db(), bob.user.id);
      const c = await createContact(db(), alice.user.id);

      const none = await alice.agent
        .post('/api/review-requests/bulk')
        .send({ locationId: location.id, method: 'email' });
      const both = await alice.agent
        .post('/api/review-requests/bulk')
        .send({ locationId: location.id, method: 'email', contactIds: [c.id], tag: 'x' });
      const tooMany = await alice.agent.post('/api/review-requests/bulk').send({
        locationId: location.id,
        method: 'email',
        contactIds: Array.from({ length: 1001 }, (_, i) => i + 1),
      });
      const notMine = await alice.agent
        .post('/api/review-requests/bulk')
        .send({ locationId: theirLocation.id, method: 'email', contactIds: [c.id] });
      const noMethod = await alice.agent
        .post('/api/review-requests/bulk')
        .send({ locationId: location.id, contactIds: [c.id] });

      expect([none.status, none.body.message]).toEqual([400, 'Please select at least one contact or a tag']);
      expect(both.status).toBe(400);
      expect([tooMany.status, tooMany.body.message]).toEqual([
        400,
        'You can send at most 1,000 requests at once',
      ]);
      expect([notMine.status, notMine.body.message]).toEqual([404, 'Location not found']);
      expect([noMethod.status, noMethod.body.message]).toEqual([400, 'Please select a method']);
    });
  });

  describe('GET /api/review-requests', () => {
    it('when paged, then it answers newest first with names, the total header and the status filter', async () => {
      const location = await createLocation(db(), lister.user.id, { name: 'Quay' });
      const contact = await createContact(db(), lister.user.id, { name: 'Zoe' });
      const made = [];
      for (let i = 0; i < 12; i++) {
        made.push(
          await createReviewRequest(db(), lister.user.id, location.id, {
            contactId: contact.id,
            createdAt: new Date(Date.UTC(2025, 0, i + 1)),
            status: i % 3 === 0 ? 'failed' : 'sent',
            failureReason: i % 3 === 0 ? 'Mailbox full' : null,
          }),
        );
      }
      await createReviewRequest(db(), bob.user.id, (await createLocation(db(), bob.user.id)).id);

      const page1 = await lister.agent.get('/api/review-requests?page=1&pageSize=5');
      const page3 = await lister.agent.get('/api/review-requests?page=3&pageSize=5');
      const failed = await lister.agent.get('/api/review-requests?status=failed');
      const unpaged = await lister.agent.get('/api/review-requests');

      expect(page1.status).toBe(200);
      expect(page1.headers['x-total-count']).toBe('12');
      expect(page1.body.map((r: { id: number }) => r.id)).toEqual(
        made
          .slice(7)
          .reverse()
          .map((r) => r.id),
      );
      expect(page1.body[0]).toMatchObject({
        contactName: 'Zoe',
        locationName: 'Quay',
        status: 'sent',
        method: 'email',
      });
      expect(page3.body.map((r: { id: number }) => r.id)).toEqual([made[1]!.id, made[0]!.id]);
      expect(failed.headers['x-total-count']).toBe('4');
      expect(failed.body).toHaveLength(4);
      expect(
        failed.body.every(
          (r: { status: string; failureReason: string }) =>
            r.status === 'failed' && r.failureReason === 'Mailbox full',
        ),
      ).toBe(true);
      expect(unpaged.body).toHaveLength(12);
      expect(unpaged.headers['x-total-count']).toBe('12');
    });

    it('when the query is bad, then it answers 400', async () => {
      expect((await lister.agent.get('/api/review-requests?status=lost')).status).toBe(400);
      expect((await lister.agent.get('/api/review-requests?pageSize=500')).status).toBe(400);
      expect((await lister.agent.get('/api/review-requests?page=0')).status).toBe(400);
    });
  });

  describe('QR codes', () => {
    function decodePng(dataUrl: string) {
      expect(dataUrl).toMatch(/^data:image\/png;base64,/);
      const bytes = Buffer.from(dataUrl.slice('data:image/png;base64,'.length), 'base64');
      expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      // IHDR width: 512 pixels as asked.
      expect(bytes.readUInt32BE(16)).toBe(512);
    }

    it("when asked for a request's QR code, then it answers a PNG data URL of its review link", async () => {
      const location = await createLocation(db(), alice.user.id);
      const request = await createReviewRequest(db(), alice.user.id, location.id);

      const res = await alice.agent.get(`/api/review-requests/${request.id}/qr`);

      expect(res.status).toBe(200);
      decodePng(res.body.qrCode);
      expect(res.body.url).toBe(`${BASE}/review/${request.uniqueLink}`);
    });

    it("when asked for a location's QR code, then it points at the location's permanent link", async () => {
      const location = await createLocation(db(), alice.user.id);

      const res = await alice.agent.get(`/api/locations/${location.id}/qr`);

      expect(res.status).toBe(200);
      decodePng(res.body.qrCode);
      expect(res.body.url).toBe(`${BASE}/review/${location.publicLink}`);
    });

    it("when the request or location is another client's, then it answers 404", async () => {
      const theirLocation = await createLocation(db(), bob.user.id);
      const theirs = await createReviewRequest(db(), bob.user.id, theirLocation.id);

      expect((await alice.agent.get(`/api/review-requests/${theirs.id}/qr`)).status).toBe(404);
      expect((await alice.agent.get(`/api/locations/${theirLocation.id}/qr`)).status).toBe(404);
      expect((await alice.agent.get('/api/review-requests/nope/qr')).status).toBe(400);
    });
  });

  describe('admin mirror', () => {
    it("when an admin acts in a client's area, then requests are created, listed and QR-coded as that client's", async () => {
      const location = await createLocation(db(), bob.user.id);
      const contact = await createContact(db(), bob.user.id);
      const aliceLocation = await createLocation(db(), alice.user.id);
      const base = `/api/admin/clients/${bob.user.id}`;

      const created = await adminAgent
        .post(`${base}/review-requests`)
        .send({ locationId: location.id, contactId: contact.id, method: 'email' });
      const crossed = await adminAgent
        .post(`${base}/review-requests`)
        .send({ locationId: aliceLocation.id, contactId: contact.id, method: 'email' });

      expect(created.status).toBe(201);
      const [row] = await db().select().from(reviewRequests).where(eq(reviewRequests.id, created.body.id));
      expect(row!.ownerId).toBe(bob.user.id);
      expect(crossed.status).toBe(404);
      const list = await adminAgent.get(`${base}/review-requests`);
      expect(list.body.some((r: { id: number }) => r.id === created.body.id)).toBe(true);
      const qr = await adminAgent.get(`${base}/review-requests/${created.body.id}/qr`);
      expect(qr.body.url).toBe(`${BASE}/review/${row!.uniqueLink}`);
      expect((await alice.agent.get(`/api/review-requests/${created.body.id}/qr`)).status).toBe(404);
      expect((await alice.agent.get(`${base}/review-requests`)).status).toBe(403);
    });
  });
});
