import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReview, createUser } from '../../../testing/factories';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { wholeClient } from '../../../db/scope';
import { createEventBus } from '../../../lib/events';
import { createRepliesRepository } from '../replies.repository';
import { createRepliesService } from '../replies.service';
import type { ReplyPublisher } from '../reply-publisher';

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

describe.each(testDatabaseKinds)('an attempt that breaks on our side, on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('when publishing throws, then the reply waits with why and the next try publishes it', async () => {
    const db = database.handle.db;
    const owner = await createUser(db);
    const review = await createReview(db, owner.id, { type: 'google' });
    let broken = true;
    const publisher: ReplyPublisher = {
      canPublish: () => true,
      publish: async () => {
        if (broken) throw new Error('connection terminated unexpectedly');
        return { site: 'google', externalId: 'reply-1' };
      },
      unpublish: async () => ({ site: 'none', reason: null, failed: false }),
    };
    const service = createRepliesService({
      replies: createRepliesRepository(db),
      publisher,
      events: createEventBus([]),
      now: () => new Date(),
    });
    const scope = wholeClient(owner.id);

    await expect(service.respond(scope, review.id, 'Thank you, Ann.')).rejects.toThrow(/terminated/);
    const waiting = await createRepliesRepository(db).findTarget(scope, review.id);
    broken = false;
    const published = await service.retry(scope, review.id);

    expect(waiting).toMatchObject({
      pendingReply: 'Thank you, Ann.',
      replyPublishState: 'pending',
      replyPublishError: 'something went wrong here while it was sent',
    });
    expect(published).toMatchObject({ responseContent: 'Thank you, Ann.', published: 'google' });
  });
});
