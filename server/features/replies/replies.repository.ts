import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ReplyPublishState } from '@shared/schemas/reviews';
import type { Database } from '../../db/client';
import { lockClientReviews } from '../../db/client-reviews-lock';
import { reviewColumns } from '../../db/review-columns';
import { reviewIsResponded, reviewIsUnresponded } from '../../db/review-predicates';
import { inScope, type Scope } from '../../db/scope';
import { locations, reviews } from '../../db/schema';
import type { ReplyLocation } from './reply-publisher';

/** A waiting reply taken for one attempt: its words, which attempt it is, and whether it is a first answer. */
export interface ReplyClaim {
  content: string;
  attempts: number;
  firstAnswer: boolean;
}

/** The database or a transaction. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** What a reply changes of its review, as each write leaves it. */
const replyColumns = {
  responseContent: reviews.responseContent,
  respondedAt: reviews.respondedAt,
  responsePublishedTo: reviews.responsePublishedTo,
  responseExternalId: reviews.responseExternalId,
  pendingReply: reviews.pendingReply,
  replyPublishState: reviews.replyPublishState,
  replyPublishError: reviews.replyPublishError,
};

const replyLocationColumns = {
  id: locations.id,
  name: locations.name,
  googleLocationId: locations.googleLocationId,
  googleAccessToken: locations.googleAccessToken,
  googleRefreshToken: locations.googleRefreshToken,
  googleTokenExpiresAt: locations.googleTokenExpiresAt,
  googleReconnectNeededAt: locations.googleReconnectNeededAt,
  facebookPageId: locations.facebookPageId,
  facebookAccessToken: locations.facebookAccessToken,
  facebookReconnectNeededAt: locations.facebookReconnectNeededAt,
};

/** The reply is still the one this attempt claimed: nobody discarded, changed or took it since. */
const stillClaimed = (claim: Pick<ReplyClaim, 'content' | 'attempts'>) =>
  and(
    eq(reviews.pendingReply, claim.content),
    isNull(reviews.replyPublishError),
    eq(reviews.replyPublishAttempts, claim.attempts),
  );

const NOTHING_WAITING = {
  pendingReply: null,
  replyPublishState: null,
  replyPublishError: null,
  replyPublishAttempts: 0,
} as const;

const theReview = (ownerId: number, id: number) => and(eq(reviews.ownerId, ownerId), eq(reviews.id, id));

/**
 * A review's reply and the one read of the review it answers. Every write is scoped by the owner and answers
 * the reply as it left it (undefined: the review was not in the state the write needs), so the service never
 * reads the review a second time to answer.
 */
export function createRepliesRepository(db: Database) {
  return {
    /** The review in `scope`, as the answer shows it and the publisher needs it, with its location's connection. */
    async findTarget(scope: Scope, id: number) {
      const [row] = await db
        .select({
          ...reviewColumns,
          externalId: reviews.externalId,
          responseExternalId: reviews.responseExternalId,
          location: replyLocationColumns,
        })
        .from(reviews)
        .leftJoin(
          locations,
          and(eq(locations.id, reviews.locationId), eq(locations.ownerId, reviews.ownerId)),
        )
        .where(
          and(
            inScope(scope, { ownerId: reviews.ownerId, locationId: reviews.locationId }),
            eq(reviews.id, id),
          ),
        );
      if (!row) return undefined;
      const location: ReplyLocation | null = row.location?.id ? (row.location as ReplyLocation) : null;
      return { ...row, location };
    },

    /**
     * Takes a new reply (a first answer, or an edit of the review's answer) before it goes to its site: it waits
     * beside the review, being published (no error yet), so of two replies at the same moment one is taken and
     * the other finds the review busy, and only one reaches the site. Only when no reply waits yet.
     */
    async claimNewReply(
      ownerId: number,
      id: number,
      content: string,
      firstAnswer: boolean,
    ): Promise<ReplyClaim | undefined> {
      const rows = await db
        .update(reviews)
        .set({
          pendingReply: content,
          replyPublishState: 'pending',
          replyPublishError: null,
          replyPublishAttempts: 1,
        })
        .where(
          and(
            theReview(ownerId, id),
            firstAnswer ? reviewIsUnresponded : reviewIsResponded,
            isNull(reviews.replyPublishState),
          ),
        )
        .returning({ id: reviews.id });
      return rows.length > 0 ? { content, attempts: 1, firstAnswer } : undefined;
    },

    /**
     * Takes the waiting reply to publish it now, optionally with new words (which start the attempts
     * again). A reply being published has no error until its attempt ends, so of two callers at the same
     * moment one gets it and the other nothing. `afterAttempts` (the queue's retry) takes it only if no other
     * attempt came since that job was queued, and only while it is still retried (not given up).
     */
    async claimWaitingReply(
      ownerId: number,
      id: number,
      options: { content?: string; afterAttempts?: number } = {},
    ): Promise<ReplyClaim | undefined> {
      const [row] = await db
        .update(reviews)
        .set({
          pendingReply: options.content ?? sql`${reviews.pendingReply}`,
          replyPublishState: 'pending',
          replyPublishError: null,
          replyPublishAttempts: options.content === undefined ? sql`${reviews.replyPublishAttempts} + 1` : 1,
        })
        .where(
          and(
            theReview(ownerId, id),
            isNotNull(reviews.pendingReply),
            isNotNull(reviews.replyPublishError),
            options.afterAttempts === undefined
              ? undefined
              : and(
                  eq(reviews.replyPublishState, 'pending'),
                  eq(reviews.replyPublishAttempts, options.afterAttempts),
                ),
          ),
        )
        .returning({
          content: reviews.pendingReply,
          attempts: reviews.replyPublishAttempts,
          firstAnswer: reviewIsUnresponded,
        });
      return row
        ? { content: row.content!, attempts: row.attempts, firstAnswer: Boolean(row.firstAnswer) }
        : undefined;
    },

    /**
     * Stores a claimed reply as the review's response, if it is still the one claimed. A first answer keeps
     * the time the site took it; an edit keeps the time of the first answer (response times measure how fast
     * owners answer). Takes the client's reviews lock first (lockClientReviews): run it in a transaction.
     */
    async writeReply(
      tx: Executor,
      ownerId: number,
      id: number,
      reply: { content: string; publishedTo: 'google' | 'facebook' | null; externalId: string | null },
      claim: ReplyClaim,
    ) {
      await lockClientReviews(tx, ownerId, 'one review');
      const [row] = await tx
        .update(reviews)
        .set({
          responseContent: reply.content,
          respondedAt: claim.firstAnswer ? sql`now()` : sql`${reviews.respondedAt}`,
          responsePublishedTo: reply.publishedTo,
          responseExternalId: reply.externalId,
          ratingAtReply: sql`${reviews.rating}`,
          ...NOTHING_WAITING,
        })
        .where(
          and(
            theReview(ownerId, id),
            claim.firstAnswer ? reviewIsUnresponded : reviewIsResponded,
            stillClaimed(claim),
          ),
        )
        .returning(replyColumns);
      return row;
    },

    /** Ends a claimed attempt that the site refused: the reply waits again (or has failed), with why. */
    async releaseWaitingReply(
      tx: Executor,
      ownerId: number,
      id: number,
      claim: ReplyClaim,
      outcome: { state: ReplyPublishState; error: string },
    ) {
      const [row] = await tx
        .update(reviews)
        .set({ replyPublishState: outcome.state, replyPublishError: outcome.error })
        .where(and(theReview(ownerId, id), stillClaimed(claim)))
        .returning(replyColumns);
      return row;
    },

    /** Lets go of a claimed reply that must not wait (the strict provider endpoint): as if never sent. */
    async dropClaimedReply(ownerId: number, id: number, claim: ReplyClaim): Promise<void> {
      await db
        .update(reviews)
        .set(NOTHING_WAITING)
        .where(and(theReview(ownerId, id), stillClaimed(claim)));
    },

    /** Forgets the waiting reply (the owner discarded it); the review's response is untouched. */
    async discardWaitingReply(ownerId: number, id: number) {
      const [row] = await db
        .update(reviews)
        .set(NOTHING_WAITING)
        .where(and(theReview(ownerId, id), isNotNull(reviews.replyPublishState)))
        .returning(replyColumns);
      return row;
    },

    async clearReply(ownerId: number, id: number) {
      return db.transaction(async (tx) => {
        await lockClientReviews(tx, ownerId, 'one review');
        const [row] = await tx
          .update(reviews)
          .set({
            responseContent: null,
            respondedAt: null,
            responsePublishedTo: null,
            responseExternalId: null,
            ratingAtReply: null,
          })
          .where(and(theReview(ownerId, id), reviewIsResponded))
          .returning(replyColumns);
        return row;
      });
    },

    transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(tx));
    },
  };
}

export type RepliesRepository = ReturnType<typeof createRepliesRepository>;
export type ReplyTargetRow = NonNullable<Awaited<ReturnType<RepliesRepository['findTarget']>>>;
export type ReplyState = Pick<ReplyTargetRow, keyof typeof replyColumns>;
