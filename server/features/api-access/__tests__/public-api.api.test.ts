import { eq } from 'drizzle-orm';
import type { Express } from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiReviewRequestSchema } from '@shared/schemas/api-access';
import {
  apiIdempotencyKeys,
  apiKeys,
  contacts,
  outboundMessages,
  plans,
  reviewRequests,
  templates,
  users,
} from '../../../db/schema';
import { createTestBackground, type TestBackground } from '../../../testing/background';
import { createContact, createLocation, createUser, signedInAgent } from '../../../testing/factories';
import { createTestApp, createTestContext } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { REVIEW_REQUEST_BODY_SCHEMA } from '../openapi';
import { hashApiKey } from '../api-keys.service';

describe.each(testDatabaseKinds)('API keys and POST /api/v1/review-requests on %s', (kind) => {
  let database: TestDatabase;
  let app: Express;
  let background: TestBackground;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const ctx = createTestContext(database.handle.db);
    app = createTestApp(database.handle.db, {}, ctx);
    background = createTestBackground(database.handle.db, {}, ctx);
  });
  afterAll(async () => {
    await database?.drop();
  });

  const db = () => database.handle.db;

  async function owner() {
    const user = await createUser(db(), { companyName: 'Sunrise Bakery' });
    const location = await createLocation(db(), user.id, { name: 'High Street' });
    const agent = await signedInAgent(app, user);
    const created = await agent.post('/api/api-keys').send({ name: 'Till' }).expect(201);
    return { user, location, agent, key: created.body.key as string, keyId: created.body.id as number };
  }

  const call = (key: string | undefined, body: object, idempotencyKey?: string) => {
    let req = supertest(app).post('/api/v1/review-requests');
    if (key) req = req.set('Authorization', `Bearer ${key}`);
    if (idempotencyKey) req = req.set('Idempotency-Key', idempotencyKey);
    return req.send(body);
  };

  const requestsOf = (ownerId: number) =>
    db().select().from(reviewRequests).where(eq(reviewRequests.ownerId, ownerId));
  const messagesOf = (ownerId: number) =>
    db().select().from(outboundMessages).where(eq(outboundMessages.ownerId, ownerId));

  it('when a key is created, then it is answered once and the database keeps only its hash and prefix', async () => {
    const o = await owner();
    expect(o.key).toMatch(/^rvf_[\w-]{32}$/);
    const [row] = await db().select().from(apiKeys).where(eq(apiKeys.id, o.keyId));
    expect(row!.keyHash).toBe(hashApiKey(o.key));
    expect(JSON.stringify(row)).not.toContain(o.key);
    expect(row!.prefix).toBe(o.key.slice(0, 12));

    const list = await o.agent.get('/api/api-keys').expect(200);
    expect(list.body).toEqual([
      expect.objectContaining({ id: o.keyId, name: 'Till', prefix: o.key.slice(0, 12), lastUsedAt: null }),
    ]);
    expect(JSON.stringify(list.body)).not.toContain(o.key);
  });

  it('when a key sends a request, then the contact is created, the request goes out through the queue and the key shows its last use', async () => {
    const o = await owner();
    const res = await call(o.key, { name: 'Pat Jones', email: 'pat@example.com' }).expect(201);
    expect(res.body).toMatchObject({
      channel: 'email',
      contactCreated: true,
      locationId: o.location.id,
      status: 'queued',
    });
    const [contact] = await db().select().from(contacts).where(eq(contacts.id, res.body.contactId));
    expect(contact).toMatchObject({ ownerId: o.user.id, name: 'Pat Jones', email: 'pat@example.com' });
    await background.drain();
    expect(await messagesOf(o.user.id)).toHaveLength(1);

    // The same customer again (email in another case): found, not created again, and not asked twice in
    // the ask window (issue 41) until the owner turns it off.
    const skipped = await call(o.key, { name: 'Pat', email: 'PAT@example.com' }).expect(409);
    expect(skipped.body.code).toBe('asked_recently');
    expect(await db().select().from(contacts).where(eq(contacts.ownerId, o.user.id))).toHaveLength(1);
    const settings = await o.agent.get('/api/request-settings').expect(200);
    await o.agent
      .put('/api/request-settings')
      .send({ ...settings.body, askWindowDays: 0 })
      .expect(200);
    const again = await call(o.key, { name: 'Pat', email: 'PAT@example.com' }).expect(201);
    expect(again.body).toMatchObject({ contactId: res.body.contactId, contactCreated: false });

    const [key] = await db().select().from(apiKeys).where(eq(apiKeys.id, o.keyId));
    expect(key!.lastUsedAt).toBeInstanceOf(Date);
  });

  it("when the call names the customer's language, then their contact keeps it and the message is written in it", async () => {
    const o = await owner();
    const res = await call(o.key, { name: 'Inès Martin', email: 'ines@example.com', language: 'fr' }).expect(
      201,
    );
    const [contact] = await db().select().from(contacts).where(eq(contacts.id, res.body.contactId));
    expect(contact!.language).toBe('fr');
    await background.drain();
    const [message] = await messagesOf(o.user.id);
    expect(message!.subject).toBe('Comment s’est passée votre visite chez Sunrise Bakery ?');

    // A known customer: the language given now replaces theirs.
    await o.agent.put('/api/request-settings').send({
      ...(await o.agent.get('/api/request-settings').expect(200)).body,
      askWindowDays: 0,
    });
    await call(o.key, { name: 'Inès', email: 'ines@example.com', language: 'es' }).expect(201);
    const [after] = await db().select().from(contacts).where(eq(contacts.id, res.body.contactId));
    expect(after!.language).toBe('es');

    const bad = await call(o.key, { name: 'X', email: 'x@example.com', language: 'xx' }).expect(400);
    expect(JSON.stringify(bad.body)).toContain('Choose one of');
  });

  it('when the key is missing, malformed, unknown or revoked, then 401 JSON and nothing is sent', async () => {
    const o = await owner();
    const body = { name: 'Pat', email: 'pat@example.com' };
    for (const key of [undefined, 'rvf_not-a-real-key-000000000000000000', o.key.slice(0, -1)]) {
      const res = await call(key, body).expect(401);
      expect(res.body).toMatchObject({ code: 'invalid_api_key', message: expect.any(String) });
    }
    // A signed-in session is not an API key.
    await o.agent.post('/api/v1/review-requests').send(body).expect(401);

    await o.agent.post(`/api/api-keys/${o.keyId}/revoke`).expect(200);
    const revoked = await call(o.key, body).expect(401);
    expect(revoked.body.message).toMatch(/not valid or was revoked/);
    expect(await requestsOf(o.user.id)).toHaveLength(0);
  });

  it('when the same Idempotency-Key and body come twice, then one request and one message, and the same answer', async () => {
    const o = await owner();
    const body = { name: 'Sam Lee', email: 'sam@example.com' };
    const first = await call(o.key, body, 'sale-1001').expect(201);
    // The same body with its keys in another order is the same body.
    const second = await call(o.key, { email: 'sam@example.com', name: 'Sam Lee' }, 'sale-1001').expect(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toEqual(first.body);
    await background.drain();
    expect(await requestsOf(o.user.id)).toHaveLength(1);
    expect(await messagesOf(o.user.id)).toHaveLength(1);
  });

  it('when an Idempotency-Key comes back with another body, then 422 and nothing more is sent', async () => {
    const o = await owner();
    await call(o.key, { name: 'Sam Lee', email: 'sam@example.com' }, 'sale-2002').expect(201);
    const res = await call(o.key, { name: 'Other Person', email: 'other@example.com' }, 'sale-2002').expect(
      422,
    );
    expect(res.body).toMatchObject({ code: 'idempotency_key_reused' });
    expect(await requestsOf(o.user.id)).toHaveLength(1);
  });

  it('when two clients use the same Idempotency-Key, then each gets its own request', async () => {
    const a = await owner();
    const b = await owner();
    const body = { name: 'Sam Lee', email: 'sam@example.com' };
    await call(a.key, body, 'shared-key').expect(201);
    const res = await call(b.key, body, 'shared-key').expect(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await requestsOf(b.user.id)).toHaveLength(1);
  });

  it("when a key names another client's location, template or contact, then it reaches nothing of theirs", async () => {
    const a = await owner();
    const b = await owner();
    const bContact = await createContact(db(), b.user.id, { email: 'shared@example.com' });
    const toB = await call(a.key, { name: 'X', email: 'x@example.com', locationId: b.location.id }).expect(
      404,
    );
    expect(toB.body.message).toBe('Location not found');
    const [bTemplate] = await db()
      .insert(templates)
      .values({ ownerId: b.user.id, name: 'B', channel: 'email', body: 'Hi {{link}}' })
      .returning();
    const withB = await call(a.key, { name: 'X', email: 'x@example.com', templateId: bTemplate!.id }).expect(
      404,
    );
    expect(withB.body.message).toBe('Template not found');
    // Refused calls leave no contact behind.
    expect(await db().select().from(contacts).where(eq(contacts.ownerId, a.user.id))).toEqual([]);
    // B's contact with that email is not A's: A gets its own new contact.
    const res = await call(a.key, { name: 'Shared', email: 'shared@example.com' }).expect(201);
    expect(res.body.contactId).not.toBe(bContact.id);
    expect(res.body.contactCreated).toBe(true);
    expect(await requestsOf(b.user.id)).toHaveLength(0);
    // B's key list is B's.
    const bList = await b.agent.get('/api/api-keys').expect(200);
    expect(bList.body.map((k: { id: number }) => k.id)).toEqual([b.keyId]);
    await b.agent.post(`/api/api-keys/${a.keyId}/revoke`).expect(404);
  });

  it('when the body is invalid, then 400 names the field and the Idempotency-Key is not used up', async () => {
    const o = await owner();
    const res = await call(o.key, { name: 'No Address' }, 'sale-3003').expect(400);
    expect(res.body.details.email).toEqual(['Please give the customer an email or a phone number']);
    await call(o.key, { name: 'Has Phone', phone: '+12133734253', channel: 'email' }).expect(400);
    await call(o.key, { name: 'Ok', email: 'ok@example.com' }, 'sale-3003').expect(201);
  });

  it('when a customer opted out, then the API refuses as the app does and the refusal is replayed', async () => {
    const o = await owner();
    await createContact(db(), o.user.id, { email: 'out@example.com', emailOptedOutAt: new Date() });
    const body = { name: 'Out', email: 'out@example.com' };
    const first = await call(o.key, body, 'sale-4004').expect(409);
    expect(first.body.message).toMatch(/opted out of Email/);
    const again = await call(o.key, body, 'sale-4004').expect(409);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const [stored] = await db()
      .select()
      .from(apiIdempotencyKeys)
      .where(eq(apiIdempotencyKeys.ownerId, o.user.id));
    expect(stored!.responseStatus).toBe(409);
  });

  it("when the plan's monthly requests are used, then 402 and the new customer's contact is not kept", async () => {
    const o = await owner();
    const [plan] = await db()
      .insert(plans)
      .values({ name: 'Starter', priceCents: 900, reviewRequestLimit: 1, locationsLimit: null })
      .returning();
    await db().update(users).set({ planId: plan!.id }).where(eq(users.id, o.user.id));
    await call(o.key, { name: 'First', email: 'first@example.com' }).expect(201);
    const contactsOf = () => db().select().from(contacts).where(eq(contacts.ownerId, o.user.id));
    const before = await contactsOf();

    const refused = await call(o.key, { name: 'Second', email: 'second@example.com' }, 'sale-5005').expect(
      402,
    );

    expect(refused.body.message).toMatch(/Starter plan includes 1 review requests a month/);
    expect(await contactsOf()).toEqual(before);
    // The refusal is stored for the key like any other, and still leaves no contact behind.
    const again = await call(o.key, { name: 'Second', email: 'second@example.com' }, 'sale-5005').expect(402);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await contactsOf()).toEqual(before);
    expect(await requestsOf(o.user.id)).toHaveLength(1);
  });

  it('when two calls for the same new customer arrive at once, then one contact is made and asked once', async () => {
    const o = await owner();
    const body = { name: 'Twin', email: 'twin@example.com' };
    const answers = await Promise.all([call(o.key, body), call(o.key, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)!.body.code).toBe('asked_recently');
    expect(await db().select().from(contacts).where(eq(contacts.ownerId, o.user.id))).toHaveLength(1);
    expect(await requestsOf(o.user.id)).toHaveLength(1);
  });

  it('when the OpenAPI document is read, then it describes the route with the schema the route validates with', async () => {
    const res = await supertest(app).get('/api/v1/openapi.json').expect(200);
    const doc = res.body;
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    const post = doc.paths['/review-requests'].post;
    expect(post.parameters).toContainEqual(
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }),
    );
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '422']));
    // The route's validator and the document's request schema are one object.
    expect(REVIEW_REQUEST_BODY_SCHEMA).toBe(ApiReviewRequestSchema);
    const ref = post.requestBody.content['application/json'].schema.$ref as string;
    const schema = doc.components.schemas[ref.replace('#/components/schemas/', '')];
    expect(schema.required).toEqual(['name']);
    expect(Object.keys(schema.properties).sort()).toEqual(Object.keys(ApiReviewRequestSchema.shape).sort());
    expect(schema.additionalProperties).toBe(false);
  });
});
