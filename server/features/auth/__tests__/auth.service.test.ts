import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { createAuthService } from '../auth.service';
import { createUsersRepository } from '../users.repository';

describe.each(testDatabaseKinds)('ensureAdmin on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('when run at each start, then one admin exists with the latest password', async () => {
    const auth = createAuthService(createUsersRepository(database.handle.db));

    const first = await auth.ensureAdmin('Boss@Example.com', 'first-password');
    const second = await auth.ensureAdmin('boss@example.com', 'second-password');

    expect(second.id).toBe(first.id);
    expect(second.role).toBe('admin');
    expect(await auth.signIn({ email: 'boss@example.com', password: 'first-password' })).toMatchObject({
      ok: false,
    });
    expect(await auth.signIn({ email: 'boss@example.com', password: 'second-password' })).toMatchObject({
      ok: true,
    });
  });

  it('when an existing client email is made the admin, then it is promoted and re-enabled', async () => {
    const auth = createAuthService(createUsersRepository(database.handle.db));
    await auth.register({
      email: 'owner@example.com',
      password: 'client-pass',
      firstName: 'Owen',
      companyName: 'Co',
    });

    const admin = await auth.ensureAdmin('owner@example.com', 'admin-pass');

    expect(admin.role).toBe('admin');
  });
});
