import { eq } from 'drizzle-orm';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '../../../db/schema';
import { domainSubscribers } from '../../../events';
import { createEventBus, type DomainEvent, type Subscribers } from '../../../lib/events';
import { createReview, createUser, signedInAgent } from '../../../testing/factories';
import { createTestApp, createTestContext } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';

// A reply says what happened once (lib/events.ts); webhooks and the bell react inside its transaction.
describe.each(testDatabaseKinds)('the events a reply emits on %s', (kind) => {
  let database: TestDatabase;
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  /** An app whose event bus runs `extra` after the real subscribers. */
  const appWith = (extra: Subscribers) =>
    createTestApp(
      db(),
      {},
      createTestContext(db(), {}, { events: createEventBus([...domainSubscribers, extra]) }),
    );

  /** A client's private review, answered through `app`. */
  async function answerPrivateReview(app: Express) {
    const user = await createUser(db());
    const review = await createReview(db(), user.id, { type: 'private' });
    const agent = await signedInAgent(app, user);
    const res = await agent
      .post(`/api/reviews/${review.id}/response`)
      .send({ responseContent: 'Thank you, Ann.' });
    return { user, review, res };
  }

  it('when a private review is answered, then review.responded is emitted once, in the transaction that stored the reply', async () => {
    const seen: { event: DomainEvent; storedInTx: string | null }[] = [];
    const app = appWith({
      'review.responded': async (tx, event) => {
        const [row] = await tx.select().from(reviews).where(eq(reviews.id, event.reviewId));
        seen.push({ event, storedInTx: row!.responseContent });
      },
    });
    const { user, review, res } = await answerPrivateReview(app);

    expect(res.status).toBe(200);
    expect(seen).toEqual([
      {
        event: {
          type: 'review.responded',
          ownerId: user.id,
          reviewId: review.id,
          content: 'Thank you, Ann.',
          publishedTo: null,
          edited: false,
        },
        storedInTx: 'Thank you, Ann.',
      },
    ]);
  });

  it('when a subscriber fails, then the reply is not stored: it rolls back with the event', async () => {
    const app = appWith({
      'review.responded': async () => {
        throw new Error('subscriber down');
      },
    });
    const { review, res } = await answerPrivateReview(app);

    expect(res.status).toBe(500);
    const [row] = await db().select().from(reviews).where(eq(reviews.id, review.id));
    expect(row).toMatchObject({ responseContent: null });
  });
});
