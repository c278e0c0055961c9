import { eq } from 'drizzle-orm';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_CONNECTIONS } from '../../../db/client';
import { locations, plans, users } from '../../../db/schema';
import { createUser, signedInAgent } from '../../../testing/factories';
import { createTestApp } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';

// Issue 42, item 6: parallel creations once left 15 locations on a plan of 3. PGlite runs one query at a
// time, so the race shows on Postgres; the rule is checked on both.
describe.each(testDatabaseKinds)('the location limit under parallel creations on %s', (kind) => {
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
   * A client on a plan of 3 locations who has added one. Added through the API: the app's first creation is
   * slow (its code still cold), and would spread the parallel ones apart.
   */
  async function clientWithOneOfThree() {
    const [plan] = await db()
      .insert(plans)
      .values({ name: 'Starter', priceCents: 900, reviewRequestLimit: null, locationsLimit: 3 })
      .returning();
    const user = await createUser(db());
    await db().update(users).set({ planId: plan!.id }).where(eq(users.id, user.id));
    const agent = await signedInAgent(app, user);
    await agent.post('/api/locations').send({ name: 'First shop', address: '1 High St' }).expect(201);
    return { user, agent };
  }

  it('when 12 locations are added at once on a plan of 3 with 1 used, then 2 are created and the other 10 answer 402', async () => {
    const { user, agent } = await clientWithOneOfThree();

    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        agent.post('/api/locations').send({ name: `New shop ${i}`, address: `${i} High St` }),
      ),
    );

    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => [a.status, a.body.message])).toEqual(
      Array.from({ length: 10 }, () => [
        402,
        'Your Starter plan includes 3 locations. Upgrade your plan to add more.',
      ]),
    );
    const rows = await db().select().from(locations).where(eq(locations.ownerId, user.id));
    expect(rows).toHaveLength(3);
  });
});
