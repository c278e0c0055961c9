import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntegrationsRepository } from '../../features/integrations/integrations.repository';
import { createRepliesRepository } from '../../features/replies/replies.repository';
import { createLocation, createReview, createUser } from '../../testing/factories';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../testing/test-db';
import { rowsOf, type Database, type Transaction } from '../client';
import { reviews } from '../schema';

// An import changes many of a client's reviews in one statement, and each change updates the client's daily
// figures (migration 0010's trigger): review, figures, review, figures... A reply changes one review, then the
// figures. Without a common lock taken first, a reply can hold its review while the import holds the figures
// it needs, each waiting for the other, and Postgres kills one of them. Only a server has concurrent
// connections (the embedded database is one), so this runs on Postgres.

/**
 * What the other connections of this database are waiting for, as soon as one waits on a lock; '' if `settled`
 * says first that there is nothing left to wait for.
 */
async function waitingOn(db: Database, settled = () => false): Promise<string> {
  for (let tries = 0; tries < 500 && !settled(); tries++) {
    const waits = rowsOf<{ wait_event: string }>(
      await db.execute(sql`select wait_event from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`),
    );
    if (waits[0]) return waits.map((w) => w.wait_event).join(', ');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  if (settled()) return '';
  throw new Error('no connection started waiting on a lock');
}

describe.skipIf(!testDatabaseKinds.includes('postgres'))('a reply and an import of the same client', () => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(() => database.drop());

  /** A Google review as an import reads it, with no reply on the site. */
  const imported = (externalId: string) => ({
    externalId,
    rating: 4,
    content: `Review ${externalId}`,
    reviewerName: 'Ana Silva',
    sourceUrl: null,
    createdAt: new Date('2026-11-02T10:00:00Z'),
    responseContent: null,
    respondedAt: null,
    responsePublishedTo: null,
  });

  /** Runs `work` in a transaction and keeps it open until the returned `finish` is called. */
  async function heldOpen(work: (tx: Transaction) => Promise<unknown>) {
    let finish!: () => void;
    const released = new Promise<void>((resolve) => (finish = resolve));
    let started!: () => void;
    const inside = new Promise<void>((resolve) => (started = resolve));
    const done = db().transaction(async (tx) => {
      await work(tx);
      started();
      await released;
    });
    // A failing `work` rejects `done` without ever starting: the test fails with its error, not a timeout.
    await Promise.race([inside, done]);
    return { finish, done };
  }

  async function googleReview(responseContent: string | null) {
    const owner = await createUser(db());
    const location = await createLocation(db(), owner.id);
    const at = new Date('2026-11-02T10:00:00Z');
    const review = await createReview(db(), owner.id, {
      type: 'google',
      locationId: location.id,
      externalId: 'g-1',
      createdAt: at,
      responseContent,
      respondedAt: responseContent ? at : null,
    });
    return { owner, location, review };
  }

  const reviewById = async (id: number) => (await db().select().from(reviews).where(eq(reviews.id, id)))[0]!;

  it('when the owner answers a review, an import of the same reviews waits for the answer, then both are kept', async () => {
    const { owner, location, review } = await googleReview(null);
    const repliesRepo = createRepliesRepository(db());
    const reply = { content: 'Thanks, Ana!', publishedTo: null, externalId: null };
    const claim = (await repliesRepo.claimNewReply(owner.id, review.id, reply.content, true))!;
    const answer = await heldOpen((tx) => repliesRepo.writeReply(tx, owner.id, review.id, reply, claim));

    const sync = db().transaction((tx) =>
      createIntegrationsRepository(db()).upsertImported(tx, owner.id, location.id, 'google', [
        imported('g-2'),
        imported('g-1'),
      ]),
    );
    // Queued on the client's lock, before it touches a review or a daily figure the answer holds.
    expect(await waitingOn(db())).toBe('advisory');
    answer.finish();
    await answer.done;
    expect((await sync).written).toBe(2);

    expect(await reviewById(review.id)).toMatchObject({
      responseContent: 'Thanks, Ana!',
      content: 'Review g-1',
    });
  });

  it('when an import is under way, deleting a reply of the same client waits for it, then both are kept', async () => {
    const { owner, location, review } = await googleReview('Thank you!');
    const sync = await heldOpen((tx) =>
      createIntegrationsRepository(db()).upsertImported(tx, owner.id, location.id, 'google', [
        imported('g-1'),
        imported('g-2'),
      ]),
    );

    const cleared = createRepliesRepository(db()).clearReply(owner.id, review.id);
    expect(await waitingOn(db())).toBe('advisory');
    sync.finish();
    await sync.done;
    expect(await cleared).toMatchObject({ responseContent: null });

    expect(await reviewById(review.id)).toMatchObject({ responseContent: null, content: 'Review g-1' });
  });

  it("when the owner answers a review, deleting the reply of another review waits only for the client's totals, then both are kept", async () => {
    const { owner, review } = await googleReview(null);
    const answered = await createReview(db(), owner.id, {
      createdAt: new Date('2026-10-01T10:00:00Z'),
      responseContent: 'Thanks!',
      respondedAt: new Date('2026-10-02T10:00:00Z'),
    });
    const repliesRepo = createRepliesRepository(db());
    const reply = { content: 'Thanks, Ana!', publishedTo: null, externalId: null };
    const claim = (await repliesRepo.claimNewReply(owner.id, review.id, reply.content, true))!;
    const answer = await heldOpen((tx) => repliesRepo.writeReply(tx, owner.id, review.id, reply, claim));

    const cleared = repliesRepo.clearReply(owner.id, answered.id);
    // Past the shared lock, on the totals row the answer changed (a row lock: its transaction's id).
    expect(await waitingOn(db())).toBe('transactionid');
    answer.finish();
    await answer.done;
    expect(await cleared).toMatchObject({ responseContent: null });

    expect(await figuresOf(owner.id)).toEqual({ reviews: 2, responded: 1 });
  });

  it('when a review arrives during an import of the same client, it queues on the totals and neither is aborted', async () => {
    const { owner, location } = await googleReview(null);
    const integrations = createIntegrationsRepository(db());
    let resume!: () => void;
    const resumed = new Promise<void>((resolve) => (resume = resolve));
    let paused!: () => void;
    const halfway = new Promise<void>((resolve) => (paused = resolve));
    // An import that has written an old review (its day and the totals), then goes on to one of today.
    const sync = db().transaction(async (tx) => {
      await integrations.upsertImported(tx, owner.id, location.id, 'google', [imported('g-old')]);
      paused();
      await resumed;
      await integrations.upsertImported(tx, owner.id, location.id, 'google', [
        { ...imported('g-today'), createdAt: new Date() },
      ]);
    });
    await Promise.race([halfway, sync]);

    // A customer's review of today: had it locked today's figures before the totals, the import's next
    // review would wait for it while it waits for the import, and Postgres would abort one of them.
    const added = createReview(db(), owner.id, { createdAt: new Date() });
    expect(await waitingOn(db())).toBe('transactionid');
    resume();
    await sync;
    await added;

    expect(await figuresOf(owner.id)).toEqual({ reviews: 4, responded: 0 });
  });

  /** The client's all-time figures as the trigger keeps them. */
  async function figuresOf(ownerId: number) {
    const [row] = rowsOf<{ reviews: number; responded: number }>(
      await db().execute(sql`select reviews, responded from review_totals where owner_id = ${ownerId}`),
    );
    return row;
  }
});
