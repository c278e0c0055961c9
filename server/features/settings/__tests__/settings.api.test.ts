import { EMAIL_VERIFICATION_MESSAGES } from '@shared/schemas/account';
import { count, eq } from 'drizzle-orm';
import type { Express } from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../../db/schema';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { createTestApp } from '../../../testing/test-app';
import { createUser, signedInAgent } from '../../../testing/factories';
import { HASH_CONCURRENCY, hashingLoad } from '../../../lib/password';
import { PASSWORD_CHANGES_PER_WINDOW } from '../settings.routes';

describe.each(testDatabaseKinds)('settings API on %s', (kind) => {
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

  describe('PATCH /api/user', () => {
    it('when the profile is valid, then it is saved (the email as it is, in any case) and no hash is returned', async () => {
      const user = await createUser(db());
      const agent = await signedInAgent(app, user);
      const email = user.email.toUpperCase();

      const res = await agent
        .patch('/api/user')
        .send({ firstName: 'Robin', companyName: 'Robin Dental', email });

      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: user.id,
        firstName: 'Robin',
        companyName: 'Robin Dental',
        email,
        username: email,
        emailVerified: true,
      });
      expect(JSON.stringify(res.body)).not.toMatch(/scrypt|password/i);
      await signedInAgent(app, { email: user.email, password: user.password });
    });

    it('when the profile names another email, then it answers 400: a new address goes through Change email', async () => {
      const other = await createUser(db());
      const user = await createUser(db());
      const agent = await signedInAgent(app, user);

      for (const email of [other.email, `new-${user.id}@example.com`]) {
        const res = await agent
          .patch('/api/user')
          .send({ firstName: 'Robin', companyName: 'Robin Dental', email });
        expect(res.status).toBe(400);
        expect(res.body.details.email).toEqual([EMAIL_VERIFICATION_MESSAGES.useChangeEmail]);
      }
      expect((await agent.get('/api/user')).body.email).toBe(user.email);
    });

    it.each([
      [
        { firstName: 'R', companyName: 'Co Co', email: 'a@b.co' },
        'firstName',
        'First name must be at least 2 characters.',
      ],
      [
        { firstName: 'Robin', companyName: 'C', email: 'a@b.co' },
        'companyName',
        'Company name must be at least 2 characters.',
      ],
      [
        { firstName: 'Robin', companyName: 'Co Co', email: 'nope' },
        'email',
        'Please enter a valid email address.',
      ],
    ])('when the body is %j, then it answers 400 naming %s', async (body, field, message) => {
      const user = await createUser(db());
      const agent = await signedInAgent(app, user);
      const res = await agent.patch('/api/user').send(body);
      expect(res.status).toBe(400);
      expect(res.body.details[field]).toEqual([message]);
    });

    it('when signed out, then it answers 401', async () => {
      expect((await supertest(app).patch('/api/user').send({})).status).toBe(401);
    });
  });

  describe('POST /api/user/password', () => {
    it('when the current password is right, then the new one works, other sessions end and this one stays', async () => {
      const user = await createUser(db());
      const here = await signedInAgent(app, user);
      const elsewhere = await signedInAgent(app, user);

      const res = await here
        .post('/api/user/password')
        .send({ currentPassword: user.password, newPassword: 'brand-new-pass' });

      expect(res.status).toBe(204);
      expect((await here.get('/api/user')).status).toBe(200);
      expect((await elsewhere.get('/api/user')).status).toBe(401);
      const [row] = await db().select({ n: count() }).from(sessions).where(eq(sessions.userId, user.id));
      expect(row!.n).toBe(1);
      const old = await supertest(app)
        .post('/api/login')
        .send({ email: user.email, password: user.password });
      expect(old.status).toBe(401);
      await signedInAgent(app, { email: user.email, password: 'brand-new-pass' });
    });

    it('when the current password is wrong, then it answers 400 and nothing changes', async () => {
      const user = await createUser(db());
      const here = await signedInAgent(app, user);
      const elsewhere = await signedInAgent(app, user);

      const res = await here
        .post('/api/user/password')
        .send({ currentPassword: 'wrong-one', newPassword: 'brand-new-pass' });

      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Current password is incorrect');
      expect((await elsewhere.get('/api/user')).status).toBe(200);
      await signedInAgent(app, user);
    });

    it('when an account keeps trying to change its password, then past a few tries it answers 429 without hashing', async () => {
      const user = await createUser(db());
      const agent = await signedInAgent(app, user);
      const tryOnce = () =>
        agent
          .post('/api/user/password')
          .send({ currentPassword: 'guess-0000', newPassword: 'brand-new-pass' });

      const answers = await Promise.all(Array.from({ length: PASSWORD_CHANGES_PER_WINDOW + 10 }, tryOnce));
      const peak = hashingLoad().peak;

      const statuses = answers.map((res) => res.status);
      expect(statuses.filter((s) => s === 400)).toHaveLength(PASSWORD_CHANGES_PER_WINDOW);
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
      expect(answers.find((res) => res.status === 429)!.body.message).toMatch(/Too many password changes/);
      expect(peak).toBeLessThanOrEqual(HASH_CONCURRENCY);
      // Another account is not affected.
      const other = await createUser(db());
      const res = await (
        await signedInAgent(app, other)
      )
        .post('/api/user/password')
        .send({ currentPassword: other.password, newPassword: 'brand-new-pass' });
      expect(res.status).toBe(204);
    });

    it('when the new password is too short, then it answers 400 with the spec message', async () => {
      const user = await createUser(db());
      const agent = await signedInAgent(app, user);
      const res = await agent
        .post('/api/user/password')
        .send({ currentPassword: user.password, newPassword: '123' });
      expect(res.status).toBe(400);
      expect(res.body.details.newPassword).toEqual(['Password must be at least 8 characters.']);
    });
  });

  it("when an admin inside a client's area tries to change the client's profile or password, then it answers 403", async () => {
    const client = await createUser(db());
    const admin = await createUser(db(), { role: 'admin' });
    const agent = await signedInAgent(app, admin);

    const profile = await agent
      .patch(`/api/admin/clients/${client.id}/user`)
      .send({ firstName: 'Hacked', companyName: 'Hacked Co', email: 'hacked@example.com' });
    const password = await agent
      .post(`/api/admin/clients/${client.id}/user/password`)
      .send({ currentPassword: 'whatever', newPassword: 'hacked-pass' });

    expect(profile.status).toBe(403);
    expect(password.status).toBe(403);
    await signedInAgent(app, client);
  });
});
