import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../../db/schema';
import { createLocation, createMember, createReview, createUser } from '../../../testing/factories';
import { indexScansOf } from '../../../testing/query-plan';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { audienceDevicesQuery, createPushRepository, type PushNews } from '../push.repository';

const dialect = new PgDialect();

describe.each(testDatabaseKinds)('the push audience plan on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // Other businesses' devices, two each, as a push server holds them: what a walk over every device would read.
    const db = database.handle.db;
    await db.execute(sql`insert into users (email, username, password_hash, first_name)
      select 'push-plan-' || g || '@example.test', 'push-plan-' || g, 'not a hash', 'Guest'
        from generate_series(1, 500) g`);
    await db.execute(sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth)
      select u.id, 'https://push.example/other/' || u.id || '/' || d, 'key', 'auth'
        from users u cross join generate_series(1, 2) d
       where u.email like 'push-plan-%'`);
    await db.execute(sql`analyze`);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it.each<[string, PushNews]>([
    ['a new review', 'new review'],
    ['a customer’s answer', 'answered'],
  ])(
    'when %s is pushed, then its devices are found by their users, not by walking every business’s',
    async (_, news) => {
      const db = database.handle.db;
      const owner = await createUser(db);
      const location = await createLocation(db, owner.id);
      const member = await createMember(db, owner.id);
      const review = await createReview(db, owner.id, { locationId: location.id, rating: 1 });
      const other = await createUser(db);
      await db.insert(pushSubscriptions).values(
        [owner.id, member.user.id, other.id].map((userId, i) => ({
          userId,
          endpoint: `https://push.example/${news}/${i}`,
          p256dh: 'key',
          auth: 'auth',
        })),
      );

      const scans = await indexScansOf(db, dialect.sqlToQuery(audienceDevicesQuery(review.id, news)));

      expect(scans.filter((scan) => scan.startsWith('push_subscriptions'))).toEqual([
        expect.stringMatching(/^push_subscriptions_user_idx: \(user_id = /),
      ]);
      // The same query is the one the push reads: the owner's and the member's devices, not the other client's.
      const audience = await createPushRepository(db).audienceOf(review.id, news);
      expect(audience?.deviceIds).toHaveLength(2);
    },
  );
});
