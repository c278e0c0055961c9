import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createReview, createReviewRequest, createUser } from '../../../testing/factories';
import { planOf } from '../../../testing/query-plan';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { figuresQuery, requestFiguresQuery } from '../dashboard.repository';
import { DASHBOARD_PERIODS } from '@shared/schemas/dashboard';

describe.each(testDatabaseKinds)('the dashboard figure plans on %s', (kind) => {
  let database: TestDatabase;
  let ownerId: number;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const db = database.handle.db;
    const user = await createUser(db);
    const location = await createLocation(db, user.id);
    ownerId = user.id;
    for (let i = 0; i < 20; i += 1) {
      await createReviewRequest(db, user.id, location.id, {
        method: i % 2 ? 'sms' : 'email',
        status: i % 3 ? 'sent' : 'outbox',
        sentAt: new Date(),
      });
    }
    for (let i = 0; i < 20; i += 1)
      await createReview(db, user.id, { locationId: location.id, rating: 1 + (i % 5) });
    await db.execute(sql`vacuum analyze`);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("when the stats count a client's review requests, then they read the index alone, not a row per request", async () => {
    const query = requestFiguresQuery(database.handle.db, ownerId, null, 30).toSQL();

    const nodes = await planOf(database.handle.db, query);

    expect(nodes).toContain('Index Only Scan');
  });

  it.each(DASHBOARD_PERIODS)(
    "when the stats read a whole client's figures of %i days in one statement, then every part of it starts from an index, never from a whole table",
    async (days) => {
      const query = figuresQuery(database.handle.db, days).toSQL();

      const nodes = await planOf(database.handle.db, query, { ownerId });

      expect(nodes).not.toContain('Seq Scan');
      expect(nodes).toContain('Index Only Scan');
    },
  );
});
