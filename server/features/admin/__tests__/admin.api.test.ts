import type { Express } from 'express';
import { eq } from 'drizzle-orm';
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outboundMessages, sessions, users } from '../../../db/schema';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { agentFor, createTestApp } from '../../../testing/test-app';
import {
  createLocation,
  createReview,
  createReviewRequest,
  createUser,
  registrationFor,
  signedInAgent,
} from '../../../testing/factories';

type Agent = ReturnType<typeof supertest.agent>;

const validPlan = (overrides: Record<string, unknown> = {}) => ({
  name: 'Growth',
  priceCents: 2900,
  currency: 'USD',
  reviewRequestLimit: 500,
  locationsLimit: 3,
  features: ['SMS requests', 'Google import'],
  ...overrides,
});

describe.each(testDatabaseKinds)('admin API on %s', (kind) => {
  let database: TestDatabase;
  let app: Express;
  let adminUser: Awaited<ReturnType<typeof createUser>>;
  let admin: Agent;

  const db = () => database.handle.db;
  const auditOf = async (targetClientId: number) =>
    db().select().from(auditLog).where(eq(auditLog.targetClientId, targetClientId)).orderBy(auditLog.id);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = createTestApp(database.handle.db);
    adminUser = await createUser(database.handle.db, { role: 'admin', companyName: '' });
    admin = await signedInAgent(app, adminUser);
  });
  afterAll(async () => {
    await database?.drop();
  });

  describe('clients', () => {
    it('when an admin creates a client, then it can sign in, the answer has no hash and the audit log says who did it', async () => {
      const form = registrationFor({ firstName: 'Riley', companyName: 'Riley Bikes' });

      const res = await admin.post('/api/admin/clients').send(form);

      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        email: form.email,
        firstName: 'Riley',
        companyName: 'Riley Bikes',
        plan: null,
        reviews: 0,
        status: 'active',
      });
      expect(JSON.stringify(res.body)).not.toMatch(/password|scrypt|hash/i);
      await signedInAgent(app, { email: form.email, password: form.password });
      const entries = await auditOf(res.body.id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ actorId: adminUser.id, action: 'client.create' });
      expect(entries[0]!.createdAt).toBeInstanceOf(Date);
    });

    it('when the email is already registered in another case, then creating answers 409 and writes nothing', async () => {
      const existing = await createUser(db());
      const before = await db().select().from(auditLog);

      const res = await admin
        .post('/api/admin/clients')
        .send(registrationFor({ email: existing.email.toUpperCase() }));

      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: 'An account with this email already exists', code: 'email_taken' });
      expect(await db().select().from(auditLog)).toHaveLength(before.length);
    });

    it('when the form is invalid, then creating answers 400 with the spec message', async () => {
      const res = await admin.post('/api/admin/clients').send(registrationFor({ companyName: 'B' }));

      expect(res.status).toBe(400);
      expect(res.body.details).toEqual({ companyName: ['Company name must be at least 2 characters.'] });
    });

    it('when an admin edits a client, then the change is saved and audited with before and after', async () => {
      const client = await createUser(db(), { companyName: 'Old Name Ltd' });

      const res = await admin.patch(`/api/admin/clients/${client.id}`).send({ companyName: 'New Name Ltd' });

      expect(res.status).toBe(200);
      expect(res.body.companyName).toBe('New Name Ltd');
      const entries = await auditOf(client.id);
      expect(entries.map((e) => e.action)).toEqual(['client.update']);
      expect(entries[0]!.details).toEqual({ companyName: { from: 'Old Name Ltd', to: 'New Name Ltd' } });
    });

    it('when the new email belongs to someone else, then editing answers 409', async () => {
      const [a, b] = [await createUser(db()), await createUser(db())];

      const res = await admin.patch(`/api/admin/clients/${a.id}`).send({ email: b.email });

      expect(res.status).toBe(409);
    });

    it('when a client is disabled, then their sign-in is refused and their open session ends at once', async () => {
      const client = await createUser(db());
      const clientAgent = await signedInAgent(app, client);
      await clientAgent.get('/api/user').expect(200);

      const res = await admin.patch(`/api/admin/clients/${client.id}`).send({ disabled: true });

      expect(res.status).toBe(200);
      expect(res.body.status).toBe('disabled');
      expect(res.body.disabledAt).toEqual(expect.any(String));
      expect(await db().select().from(sessions).where(eq(sessions.userId, client.id))).toEqual([]);
      expect((await clientAgent.get('/api/user')).status).toBe(401);
      const login = await agentFor(app)
        .post('/api/login')
        .send({ email: client.email, password: client.password });
      expect(login.status).toBe(401);
      expect(login.body.message).toBe('This account has been disabled. Please contact support.');
      expect((await auditOf(client.id)).map((e) => e.action)).toEqual(['client.disable']);

      const enabled = await admin.patch(`/api/admin/clients/${client.id}`).send({ disabled: false });
      expect(enabled.body).toMatchObject({ status: 'active', disabledAt: null });
      await signedInAgent(app, client);
      expect((await auditOf(client.id)).map((e) => e.action)).toEqual(['client.disable', 'client.enable']);
    });

    it('when the admin tries to disable or delete themselves or another admin, then it answers 403 and changes nothing', async () => {
      const other = await createUser(db(), { role: 'admin' });

      const self = await admin.patch(`/api/admin/clients/${adminUser.id}`).send({ disabled: true });
      const otherAdmin = await admin.delete(`/api/admin/clients/${other.id}`);
      const deleteSelf = await admin.delete(`/api/admin/clients/${adminUser.id}`);

      expect(self.status).toBe(403);
      expect(self.body.message).toBe('You cannot disable or delete your own account');
      expect(otherAdmin.status).toBe(403);
      expect(otherAdmin.body.message).toBe('Administrator accounts cannot be disabled or deleted here');
      expect(deleteSelf.status).toBe(403);
      const [row] = await db().select().from(users).where(eq(users.id, other.id));
      expect(row?.disabledAt).toBeNull();
    });

    it('when the id is unknown, an admin or not a number, then it answers 404 or 400', async () => {
      expect((await admin.get('/api/admin/clients/999999')).status).toBe(404);
      expect((await admin.get(`/api/admin/clients/${adminUser.id}`)).status).toBe(404);
      expect(
        (await admin.patch(`/api/admin/clients/${adminUser.id}`).send({ firstName: 'Hacker' })).status,
      ).toBe(404);
      expect((await admin.patch('/api/admin/clients/999999').send({ firstName: 'Nobody' })).status).toBe(404);
      expect((await admin.delete('/api/admin/clients/999999')).status).toBe(404);
      expect((await admin.get('/api/admin/clients/abc')).status).toBe(400);
    });

    it('when a client is deleted, then their data goes with them, their session ends and the audit entry stays', async () => {
      const client = await createUser(db(), { companyName: 'Gone Bakery' });
      const clientAgent = await signedInAgent(app, client);
      await createReview(db(), client.id);

      const res = await admin.delete(`/api/admin/clients/${client.id}`);

      expect(res.status).toBe(204);
      expect((await admin.get(`/api/admin/clients/${client.id}`)).status).toBe(404);
      expect((await clientAgent.get('/api/user')).status).toBe(401);
      const entries = await auditOf(client.id);
      expect(entries.map((e) => e.action)).toEqual(['client.delete']);
      expect(entries[0]!.details).toMatchObject({ companyName: 'Gone Bakery', email: client.email });
      const audit = await admin.get('/api/admin/audit').query({ clientId: client.id });
      expect(audit.body[0]).toMatchObject({
        action: 'client.delete',
        actor: { id: adminUser.id, email: adminUser.email },
        targetClient: { id: client.id, companyName: 'Gone Bakery' },
      });
    });

    it('when searching and paging, then it filters by company, name or email, newest first, with the total', async () => {
      const tag = `zq${Date.now().toString(36)}`;
      const a = await createUser(db(), { companyName: `Alpha ${tag}` });
      const b = await createUser(db(), { firstName: `Bo${tag}` });
      const c = await createUser(db(), { email: `${tag}@example.com` });
      await createReview(db(), a.id);
      await createReview(db(), a.id, { rating: 2 });

      const page1 = await admin
        .get('/api/admin/clients')
        .query({ q: tag.toUpperCase(), page: 1, pageSize: 2 });
      const page2 = await admin.get('/api/admin/clients').query({ q: tag, page: 2, pageSize: 2 });

      expect(page1.status).toBe(200);
      expect(page1.headers['x-total-count']).toBe('3');
      expect(page1.body.map((r: { id: number }) => r.id)).toEqual([c.id, b.id]);
      expect(page2.body.map((r: { id: number }) => r.id)).toEqual([a.id]);
      expect(page2.body[0]).toEqual({
        id: a.id,
        companyName: `Alpha ${tag}`,
        firstName: a.firstName,
        email: a.email,
        plan: null,
        reviews: 2,
        createdAt: expect.any(String),
        disabledAt: null,
        status: 'active',
      });
      const wildcard = await admin.get('/api/admin/clients').query({ q: '%' });
      expect(wildcard.headers['x-total-count']).toBe('0');
      const admins = await admin.get('/api/admin/clients').query({ q: adminUser.email });
      expect(admins.body).toEqual([]);
      expect((await admin.get('/api/admin/clients').query({ pageSize: 1000 })).status).toBe(400);
    });
  });

  describe('plans', () => {
    it('when plans are created, edited and archived, then archived plans stay on their clients but cannot be assigned', async () => {
      const created = await admin.post('/api/admin/plans').send(validPlan());
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        name: 'Growth',
        currency: 'usd',
        archived: false,
        archivedAt: null,
      });
      const planId = created.body.id as number;

      const edited = await admin
        .patch(`/api/admin/plans/${planId}`)
        .send({ priceCents: 3900, reviewRequestLimit: null });
      expect(edited.body).toMatchObject({ priceCents: 3900, reviewRequestLimit: null });

      const client = await createUser(db());
      const assigned = await admin.patch(`/api/admin/clients/${client.id}`).send({ planId });
      expect(assigned.body.plan).toEqual({ id: planId, name: 'Growth', archived: false });
      expect((await auditOf(client.id)).map((e) => e.action)).toEqual([
        'client.update',
        'client.plan_change',
      ]);

      const archived = await admin.delete(`/api/admin/plans/${planId}`);
      expect(archived.status).toBe(200);
      expect(archived.body).toMatchObject({ archived: true, archivedAt: expect.any(String) });

      const list = await admin.get('/api/admin/plans');
      expect(list.body.find((p: { id: number }) => p.id === planId)).toMatchObject({
        archived: true,
        clients: 1,
      });
      const kept = await admin.get(`/api/admin/clients/${client.id}`);
      expect(kept.body.plan).toEqual({ id: planId, name: 'Growth', archived: true });

      const other = await createUser(db());
      const refused = await admin.patch(`/api/admin/clients/${other.id}`).send({ planId });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('This plan is archived and cannot be assigned');
      const refusedCreate = await admin.post('/api/admin/clients').send({ ...registrationFor(), planId });
      expect(refusedCreate.status).toBe(400);

      const clientView = await (await signedInAgent(app, other)).get('/api/plans');
      expect(clientView.status).toBe(200);
      expect(clientView.body.map((p: { id: number }) => p.id)).not.toContain(planId);

      const actions = (await db().select().from(auditLog).where(eq(auditLog.actorId, adminUser.id))).map(
        (e) => e.action,
      );
      expect(actions).toEqual(expect.arrayContaining(['plan.create', 'plan.update', 'plan.archive']));
    });

    it('when a plan is not valid, then it answers 400 with the field', async () => {
      const negative = await admin.post('/api/admin/plans').send(validPlan({ priceCents: -1 }));
      const currency = await admin.post('/api/admin/plans').send(validPlan({ currency: 'dollars' }));
      const limit = await admin.post('/api/admin/plans').send(validPlan({ locationsLimit: 1.5 }));

      expect(negative.status).toBe(400);
      expect(negative.body.details).toHaveProperty('priceCents');
      expect(currency.body.details).toHaveProperty('currency');
      expect(limit.body.details).toHaveProperty('locationsLimit');
      expect((await admin.patch('/api/admin/plans/999999').send({ name: 'Nope' })).status).toBe(404);
    });
  });

  describe('inside a client area', () => {
    it('when an admin reads a mirrored route, then it answers only that client’s rows', async () => {
      const [a, b] = [await createUser(db()), await createUser(db())];
      const mine = await createReview(db(), a.id, { content: 'Only for A' });
      await createReview(db(), b.id, { content: 'Only for B' });

      const res = await admin.get(`/api/admin/clients/${a.id}/reviews`);

      expect(res.status).toBe(200);
      expect(res.body.map((r: { id: number }) => r.id)).toEqual([mine.id]);
    });

    it('when an admin answers a review inside a client area, then the audit log records who, what and which client', async () => {
      const client = await createUser(db());
      const review = await createReview(db(), client.id, { rating: 2 });

      const res = await admin
        .post(`/api/admin/clients/${client.id}/reviews/${review.id}/response`)
        .send({ responseContent: 'Sorry to hear that, please call us.' });

      expect(res.status).toBe(200);
      // The audit entry is written when the response finishes.
      await expect
        .poll(async () => (await auditOf(client.id)).map((e) => [e.actorId, e.action]))
        .toEqual([[adminUser.id, `POST /api/admin/clients/${client.id}/reviews/${review.id}/response`]]);
    });
  });

  describe('email and outbox', () => {
    it('when a test email is sent in outbox mode, then it is kept in the outbox with its rendered content', async () => {
      const status = await admin.get('/api/admin/mail-status');
      expect(status.body).toEqual({ transport: 'outbox', ok: true });

      const res = await admin
        .post('/api/admin/email-test')
        .send({ to: 'tester@example.com', template: 'review-request' });

      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'outbox', transport: 'outbox' });
      const outbox = await admin.get('/api/admin/outbox').query({ channel: 'email', pageSize: 5 });
      expect(outbox.body[0]).toMatchObject({
        channel: 'email',
        transport: 'outbox',
        recipient: 'tester@example.com',
        status: 'outbox',
        subject: 'How was your visit to Sample Coffee Co.?',
        client: null,
      });
      expect(outbox.body[0].body).toContain('Hi Alex Sample');
      expect(Number(outbox.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
      const rows = await db()
        .select()
        .from(outboundMessages)
        .where(eq(outboundMessages.recipient, 'tester@example.com'));
      expect(rows).toHaveLength(1);

      const bad = await admin.post('/api/admin/email-test').send({ to: 'nope', template: 'unknown' });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.details).sort()).toEqual(['template', 'to']);
    });

    it('when the outbox is filtered by another channel, then the email is not listed', async () => {
      const sms = await admin.get('/api/admin/outbox').query({ channel: 'sms' });
      expect(sms.status).toBe(200);
      expect(sms.body.every((m: { channel: string }) => m.channel === 'sms')).toBe(true);
      expect((await admin.get('/api/admin/outbox').query({ channel: 'fax' })).status).toBe(400);
    });
  });
});

describe.each(testDatabaseKinds)('admin stats on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('when the platform holds a known data set, then the figures count it exactly', async () => {
    const db = database.handle.db;
    const app = createTestApp(db);
    const adminUser = await createUser(db, { role: 'admin' });
    const newest = await createUser(db, { companyName: 'Newest Co' });
    const quiet = await createUser(db, { companyName: 'Quiet Co' });
    const off = await createUser(db, { companyName: 'Off Co' });
    const old = await createUser(db, { companyName: 'Old Co' });
    // Old Co signed up long ago; Off Co is disabled; Quiet Co never signed in and sent nothing.
    await db
      .update(users)
      .set({ createdAt: new Date('2020-01-15T00:00:00Z') })
      .where(eq(users.id, old.id));
    await db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, off.id));
    await db
      .update(users)
      .set({ createdAt: new Date(Date.now() + 1000) })
      .where(eq(users.id, newest.id));
    await signedInAgent(app, newest); // active by signing in
    const location = await createLocation(db, old.id);
    await createReviewRequest(db, old.id, location.id); // active by sending
    await createReviewRequest(db, old.id, location.id, {
      status: 'failed',
      failureReason: 'Mailbox unavailable',
      failedAt: new Date(),
    });
    await createReviewRequest(db, old.id, location.id, {
      status: 'failed',
      failureReason: 'Too old to count',
      createdAt: new Date(Date.now() - 40 * 86_400_000),
      failedAt: new Date(Date.now() - 40 * 86_400_000),
    });
    await createReview(db, quiet.id);
    await createReview(db, quiet.id);
    await createReview(db, quiet.id, { createdAt: new Date(Date.now() - 7 * 86_400_000) });
    await createReview(db, quiet.id, { createdAt: new Date(Date.now() - 200 * 86_400_000) }); // outside 12 weeks

    const res = await (await signedInAgent(app, adminUser)).get('/api/admin/stats');

    expect(res.status).toBe(200);
    expect(res.body.clients).toEqual({ total: 4, newThisMonth: 3, active: 2, disabled: 1 });
    expect(res.body.weekly).toHaveLength(12);
    const weeks = res.body.weekly as { week: string; reviews: number; requests: number }[];
    expect(new Date(`${weeks[0]!.week}T00:00:00Z`).getUTCDay()).toBe(1); // Mondays
    expect(weeks.reduce((n, w) => n + w.reviews, 0)).toBe(3);
    // All three requests (the 40-day-old failure too) fall within the 12 weeks.
    expect(weeks.reduce((n, w) => n + w.requests, 0)).toBe(3);
    expect(weeks[11]!.reviews + weeks[10]!.reviews).toBe(3);
    expect(res.body.deliveryFailures.last30Days).toBe(1);
    expect(res.body.deliveryFailures.latest).toEqual([
      expect.objectContaining({ reason: 'Mailbox unavailable', companyName: 'Old Co', clientId: old.id }),
    ]);
    expect(res.body.recentSignUps.map((s: { companyName: string }) => s.companyName)).toEqual([
      'Newest Co',
      'Off Co',
      'Quiet Co',
      'Old Co',
    ]);
  });
});
