import { eq } from 'drizzle-orm';
import type { Express } from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../../db/schema';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { createTestApp } from '../../../testing/test-app';
import { createContact, createUser, signedInAgent } from '../../../testing/factories';

describe.each(testDatabaseKinds)('contacts API on %s', (kind) => {
  let database: TestDatabase;
  let app: Express;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = createTestApp(database.handle.db);
  });
  afterAll(async () => {
    await database?.drop();
  });

  const db = () => database.handle.db;
  async function signedInClient() {
    const user = await createUser(db());
    return { user, agent: await signedInAgent(app, user) };
  }

  describe('CRUD', () => {
    it('when a contact is created, then it answers 201 with the full contact and the phone in E.164', async () => {
      const { agent } = await signedInClient();

      const res = await agent.post('/api/contacts').send({
        name: ' Ann Lee ',
        email: 'ann@example.com',
        phone: '(213) 373-4253',
        tags: ['vip', 'VIP', ' new '],
      });

      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        name: 'Ann Lee',
        email: 'ann@example.com',
        phone: '+12133734253',
        tags: ['vip', 'new'],
        optedOut: { email: null, sms: null, whatsapp: null },
      });
      expect(typeof res.body.id).toBe('number');
      expect(new Date(res.body.createdAt).toString()).not.toBe('Invalid Date');
      const list = await agent.get('/api/contacts');
      expect(list.body.map((c: { id: number }) => c.id)).toEqual([res.body.id]);
    });

    it.each([
      [{ email: 'a@b.co' }, 'name', 'Please enter a name'],
      [{ name: 'Al' }, 'email', 'Please enter an email or a phone number'],
      [{ name: 'Al', email: 'nope' }, 'email', 'Please enter a valid email address.'],
      [{ name: 'Al', phone: '12' }, 'phone', 'Please enter a valid phone number, e.g. +1 213 373 4253'],
      [{ name: 'x'.repeat(101), email: 'a@b.co' }, 'name', 'Name must be at most 100 characters'],
      [{ name: 'Al', email: 'a@b.co', tags: ['x'.repeat(31)] }, 'tags.0', 'Tags are 1 to 30 characters'],
      [{ name: 'A\u0000b', email: 'a@b.co' }, 'name', 'Text must not contain the NUL character.'],
    ])('when the body is %j, then it answers 400 naming %s', async (body, field, message) => {
      const { agent } = await signedInClient();

      const res = await agent.post('/api/contacts').send(body);

      expect(res.status).toBe(400);
      expect(res.body.details[field]).toEqual([message]);
    });

    it('when the email is already used by a contact in another case, then it answers 409', async () => {
      const { agent } = await signedInClient();
      await agent.post('/api/contacts').send({ name: 'Ann', email: 'ann@example.com' }).expect(201);

      const res = await agent.post('/api/contacts').send({ name: 'Ann 2', email: 'ANN@example.com' });

      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: 'Another contact already has this email', code: 'email_taken' });
    });

    it('when another client has the same email, then it is not a duplicate', async () => {
      const a = await signedInClient();
      const b = await signedInClient();
      await a.agent.post('/api/contacts').send({ name: 'Ann', email: 'same@example.com' }).expect(201);

      const res = await b.agent.post('/api/contacts').send({ name: 'Ann', email: 'same@example.com' });

      expect(res.status).toBe(201);
    });

    it('when a contact is patched, then only the given fields change and clearing both ways to reach them is refused', async () => {
      const { user, agent } = await signedInClient();
      const contact = await createContact(db(), user.id, {
        name: 'Old',
        email: 'old@example.com',
        tags: ['a'],
      });

      const res = await agent
        .patch(`/api/contacts/${contact.id}`)
        .send({ name: 'New', phone: '+44 7911 123456' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        name: 'New',
        email: 'old@example.com',
        phone: '+447911123456',
        // As people read it, so the list shows it without a phone library of its own.
        phoneDisplay: '+44 7911 123456',
        tags: ['a'],
      });

      await agent.patch(`/api/contacts/${contact.id}`).send({ email: '' }).expect(200);
      const refused = await agent.patch(`/api/contacts/${contact.id}`).send({ phone: null });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Please enter an email or a phone number');
    });

    it('when a channel is opted out and back in, then its date is set and then cleared', async () => {
      const { user, agent } = await signedInClient();
      const contact = await createContact(db(), user.id);

      const out = await agent.patch(`/api/contacts/${contact.id}`).send({ optedOut: { sms: true } });
      expect(out.status).toBe(200);
      expect(out.body.optedOut.sms).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(out.body.optedOut.email).toBeNull();

      const again = await agent.patch(`/api/contacts/${contact.id}`).send({ optedOut: { sms: true } });
      expect(again.body.optedOut.sms).toBe(out.body.optedOut.sms);

      const back = await agent.patch(`/api/contacts/${contact.id}`).send({ optedOut: { sms: false } });
      expect(back.body.optedOut.sms).toBeNull();
    });

    it('when someone opted out themselves, then the owner cannot re-subscribe them without a recorded reason', async () => {
      const { user, agent } = await signedInClient();
      const contact = await createContact(db(), user.id, { phone: '+447700900555' });
      await db()
        .update(contacts)
        .set({ smsOptedOutAt: new Date(), smsOptOutSource: 'sms_stop' })
        .where(eq(contacts.id, contact.id));

      const silent = await agent.patch(`/api/contacts/${contact.id}`).send({ optedOut: { sms: false } });
      const reasoned = await agent
        .patch(`/api/contacts/${contact.id}`)
        .send({ optedOut: { sms: false }, optInReason: 'Asked us in the shop to text her again' });

      expect(silent.status).toBe(409);
      expect(silent.body.message).toMatch(/opted out themselves by replying STOP/);
      expect(reasoned.status).toBe(200);
      expect(reasoned.body.optedOut.sms).toBeNull();
      const record = await agent.get(`/api/contacts/${contact.id}/consent`);
      expect(record.body[0]).toMatchObject({
        channel: 'sms',
        kind: 'opt_in',
        source: 'owner',
        reason: 'Asked us in the shop to text her again',
      });
    });

    it('when a contact is entered by hand, then its consent record says how and when, per channel', async () => {
      const { agent } = await signedInClient();

      const created = await agent.post('/api/contacts').send({
        name: 'Ola Berg',
        email: 'ola@example.com',
        phone: '+12133734253',
        optedOut: { whatsapp: true },
      });
      const record = await agent.get(`/api/contacts/${created.body.id}/consent`);

      expect(record.status).toBe(200);
      expect(
        record.body
          .map((e: { channel: string; kind: string; source: string }) => [e.channel, e.kind, e.source])
          .sort(),
      ).toEqual([
        ['email', 'consent', 'manual'],
        ['sms', 'consent', 'manual'],
        ['whatsapp', 'consent', 'manual'],
        ['whatsapp', 'opt_out', 'owner'],
      ]);
      const stranger = await signedInClient();
      expect((await stranger.agent.get(`/api/contacts/${created.body.id}/consent`)).status).toBe(404);
    });

    it('when a contact is deleted, then it answers 204 and is gone', async () => {
      const { user, agent } = await signedInClient();
      const contact = await createContact(db(), user.id);

      await agent.delete(`/api/contacts/${contact.id}`).expect(204);

      expect((await agent.get(`/api/contacts/${contact.id}`)).status).toBe(404);
      expect((await agent.delete(`/api/contacts/${contact.id}`)).status).toBe(404);
    });

    it("when another client's contact is read, changed or deleted, then it answers 404 and nothing changes", async () => {
      const owner = await createUser(db());
      const contact = await createContact(db(), owner.id, { name: 'Private' });
      const { agent } = await signedInClient();

      expect((await agent.get(`/api/contacts/${contact.id}`)).status).toBe(404);
      expect((await agent.patch(`/api/contacts/${contact.id}`).send({ name: 'Hacked' })).status).toBe(404);
      expect((await agent.delete(`/api/contacts/${contact.id}`)).status).toBe(404);
      expect((await agent.get('/api/contacts')).body).toEqual([]);
      const ownerAgent = await signedInAgent(app, owner);
      expect((await ownerAgent.get(`/api/contacts/${contact.id}`)).body.name).toBe('Private');
    });

    it('when the id is not a number, then it answers 400', async () => {
      const { agent } = await signedInClient();
      expect((await agent.get('/api/contacts/abc')).status).toBe(400);
    });

    it('when signed out, then it answers 401', async () => {
      const res = await supertest(app).get('/api/contacts');
      expect(res.status).toBe(401);
    });
  });

  describe('list, search, paging and tags', () => {
    it('when paged, then it answers that page by name with X-Total-Count; without paging, everything', async () => {
      const { user, agent } = await signedInClient();
      for (const name of ['Cara', 'abe', 'Bo', 'Dee', 'Eve']) await createContact(db(), user.id, { name });

      const page2 = await agent.get('/api/contacts?page=2&pageSize=2');
      expect(page2.status).toBe(200);
      expect(page2.headers['x-total-count']).toBe('5');
      expect(page2.body.map((c: { name: string }) => c.name)).toEqual(['Cara', 'Dee']);

      const all = await agent.get('/api/contacts');
      expect(all.body.map((c: { name: string }) => c.name)).toEqual(['abe', 'Bo', 'Cara', 'Dee', 'Eve']);
      expect(all.headers['x-total-count']).toBe('5');
    });

    it('when searching, then name, email and phone digits match, and LIKE wildcards are literal', async () => {
      const { user, agent } = await signedInClient();
      await createContact(db(), user.id, { name: 'Maria Lopez', email: 'ml@example.com' });
      await createContact(db(), user.id, { name: 'Zed', email: 'maria.z@shop.com' });
      await createContact(db(), user.id, { name: 'Tom', email: null, phone: '+12133734253' });
      await createContact(db(), user.id, { name: '100% Tom', email: 'pct@example.com' });

      const byName = await agent.get('/api/contacts').query({ q: 'maria' });
      expect(byName.body.map((c: { name: string }) => c.name)).toEqual(['Maria Lopez', 'Zed']);
      const byPhone = await agent.get('/api/contacts').query({ q: '373 4253' });
      expect(byPhone.body.map((c: { name: string }) => c.name)).toEqual(['Tom']);
      const literal = await agent.get('/api/contacts').query({ q: '%' });
      expect(literal.body.map((c: { name: string }) => c.name)).toEqual(['100% Tom']);
    });

    it('when filtering by tag, then only tagged contacts answer, and the tags list counts them', async () => {
      const { user, agent } = await signedInClient();
      await createContact(db(), user.id, { name: 'A', tags: ['vip', 'dental'] });
      await createContact(db(), user.id, { name: 'B', tags: ['VIP'] });
      await createContact(db(), user.id, { name: 'C', tags: [] });
      const other = await createUser(db());
      await createContact(db(), other.id, { name: 'X', tags: ['vip', 'secret'] });

      const tagged = await agent.get('/api/contacts').query({ tag: 'vip' });
      expect(tagged.body.map((c: { name: string }) => c.name)).toEqual(['A', 'B']);

      const tags = await agent.get('/api/contacts/tags');
      expect(tags.status).toBe(200);
      // Tags are one whatever their case, as the filter reads them.
      expect(tags.body).toEqual([
        { tag: 'dental', count: 1 },
        { tag: expect.stringMatching(/^vip$/i), count: 2 },
      ]);
    });

    it('when pageSize is too large, then it answers 400', async () => {
      const { agent } = await signedInClient();
      const res = await agent.get('/api/contacts?pageSize=1000');
      expect(res.status).toBe(400);
      expect(res.body.details.pageSize).toBeDefined();
    });
  });
});
