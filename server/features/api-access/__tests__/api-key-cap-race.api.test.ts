import { and, eq, isNull } from 'drizzle-orm';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEYS_MAX } from '@shared/schemas/api-access';
import { SERVER_CONNECTIONS } from '../../../db/client';
import { apiKeys } from '../../../db/schema';
import { createUser, signedInAgent } from '../../../testing/factories';
import { createTestApp } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';

// Issue 42, item 6: parallel creations once left 25 live keys under a cap of 20. PGlite runs one query at a
// time, so the race shows on Postgres; the rule is checked on both.
describe.each(testDatabaseKinds)('the API-key cap under parallel creations on %s', (kind) => {
  let database: TestDatabase;
  let app: Express;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // As many connections as a server process keeps, so the creations do run side by side.
    app = createTestApp((await database.reopen(SERVER_CONNECTIONS)).db);
  });
  afterAll(async () => {
    await database?.drop();
  });

  const db = () => database.handle.db;

  /**
   * A client with `live` live keys and `revoked` revoked ones, which do not count. The last live key is
   * created through the API: the app's first creation is slow (its code still cold), and would spread the
   * parallel ones apart.
   */
  async function clientWithKeys(live: number, revoked: number) {
    const user = await createUser(db());
    const key = (i: number, revokedAt: Date | null) => ({
      ownerId: user.id,
      name: `Key ${i}`,
      prefix: `rvf_test${String(i).padStart(4, '0')}`,
      keyHash: `${user.id}-${i}`,
      revokedAt,
    });
    await db()
      .insert(apiKeys)
      .values([
        ...Array.from({ length: live - 1 }, (_, i) => key(i, null)),
        ...Array.from({ length: revoked }, (_, i) => key(live + i, new Date())),
      ]);
    const agent = await signedInAgent(app, user);
    await agent.post('/api/api-keys').send({ name: 'Till' }).expect(201);
    return { user, agent };
  }

  it(`when 12 keys are created at once with ${API_KEYS_MAX - 4} live, then 4 are created and the other 8 answer 409`, async () => {
    const { user, agent } = await clientWithKeys(API_KEYS_MAX - 4, 3);

    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => agent.post('/api/api-keys').send({ name: `Till ${i}` })),
    );

    expect(answers.filter((a) => a.status === 201)).toHaveLength(4);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => [a.status, a.body.message])).toEqual(
      Array.from({ length: 8 }, () => [
        409,
        `You can have at most ${API_KEYS_MAX} active API keys. Revoke one you no longer use.`,
      ]),
    );
    const live = await db()
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.ownerId, user.id), isNull(apiKeys.revokedAt)));
    expect(live).toHaveLength(API_KEYS_MAX);
  });
});
