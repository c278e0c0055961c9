import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReview, createUser } from '../../../testing/factories';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { wholeClient } from '../../../db/scope';
import { createRepliesRepository } from '../replies.repository';

// Two requests may both read the review as unanswered before either claims it: the claim itself must let
// only one through, whatever the order of the reads.
describe.each(testDatabaseKinds)('claiming a new reply on %s', (kind) => {
  let database: TestDatabase;
  const repo = () => createRepliesRepository(database.handle.db);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('when two first replies have read the review unanswered, then only the first claim takes it', async () => {
    const db = database.handle.db;
    const owner = await createUser(db);
    const review = await createReview(db, owner.id, { type: 'google' });
    const seenByBoth = await repo().findTarget(wholeClient(owner.id), review.id);

    const first = await repo().claimNewReply(owner.id, review.id, 'Sorry, Ann.', true);
    const second = await repo().claimNewReply(owner.id, review.id, 'So sorry, Ann.', true);

    expect(seenByBoth).toMatchObject({ responseContent: null, replyPublishState: null });
    expect(first).toEqual({ content: 'Sorry, Ann.', attempts: 1, firstAnswer: true });
    expect(second).toBeUndefined();
  });

  it('when another client claims a reply to the review, then nothing is taken', async () => {
    const db = database.handle.db;
    const owner = await createUser(db);
    const stranger = await createUser(db);
    const review = await createReview(db, owner.id, { type: 'google' });

    expect(await repo().claimNewReply(stranger.id, review.id, 'Hello', true)).toBeUndefined();
    expect(await repo().findTarget(wholeClient(stranger.id), review.id)).toBeUndefined();
  });
});
