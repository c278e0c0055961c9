import {
  REPLY_NOT_CONNECTED,
  REPLY_NOT_IMPORTED,
  REPLY_WRONG_SOURCE,
  type Provider,
} from '@shared/schemas/integrations';
import {
  REPLY_ALREADY_WAITING,
  REPLY_BEING_PUBLISHED,
  REPLY_NOT_WAITING,
  REVIEW_ALREADY_ANSWERED,
  REVIEW_NOT_ANSWERED,
  REVIEW_NOT_FOUND,
  isResponded,
  type ReplyPublishState,
  type ReplyResult,
} from '@shared/schemas/reviews';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { AppContext } from '../../lib/context';
import type { EventBus } from '../../lib/events';
import type { Logger } from '../../lib/logger';
import { enqueue } from '../../lib/queue/enqueue';
import { wholeClient, type Scope } from '../../db/scope';
import { toReview } from '../reviews';
import {
  createRepliesRepository,
  type Executor,
  type RepliesRepository,
  type ReplyClaim,
  type ReplyState,
  type ReplyTargetRow,
} from './replies.repository';
import type { ReplyPublisher, SiteOutcome } from './reply-publisher';

/**
 * The wait before attempt 2, 3, ... 6 of a reply its site did not take: 1 min, 5 min, 30 min, 2 h, 6 h; after
 * the sixth the reply has failed and the owner is told.
 */
export const REPLY_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000];
export const REPLY_MAX_ATTEMPTS = REPLY_RETRY_DELAYS_MS.length + 1;

type Refused = Extract<SiteOutcome, { site: 'none' }>;

/** The site was asked and did not take the reply: it waits instead of counting as the review's response. */
const refused = (outcome: SiteOutcome): outcome is Refused =>
  outcome.site === 'none' && (outcome.failed || Boolean(outcome.reconnect));

const reasonOf = (outcome: Refused) => outcome.reason ?? 'the site did not answer';

/** What comes of a refused attempt: retried later, or failed now (no connection, or no attempts left). */
const stateAfter = (outcome: Refused, attempts: number): ReplyPublishState =>
  outcome.reconnect || attempts >= REPLY_MAX_ATTEMPTS ? 'failed' : 'pending';

/** A reply whose attempt broke on our side waits for the owner's "try again" (see letGo). */
const LET_GO = { state: 'pending', error: 'something went wrong here while it was sent' } as const;

const NOT_SENT: SiteOutcome = { site: 'none', reason: null, failed: false };

/**
 * The one server decision for a reply (issues 10 and 41): for a Google or Facebook review of a connected
 * location the reply is published on the site first, then stored as the review's response; otherwise (private
 * feedback, a site not connected) it is stored, as it lives here only. A reply the site refuses or does not
 * answer is not the review's response: it waits beside it (pendingReply), the review stays unanswered in every
 * figure, and the queue tries again with backoff until the site takes it or the attempts run out, when the
 * owner is told. A site that no longer accepts the connection is not tried again: the reply has failed at once.
 *
 * Each request reads its review once (findTarget), claims the reply, asks the publisher, and stores what came
 * of it; the answer is that read with the reply as the last write left it.
 */
export function createRepliesService(deps: {
  replies: RepliesRepository;
  publisher: ReplyPublisher;
  events: EventBus;
  now: () => Date;
  logger?: Pick<Logger, 'warn'>;
}) {
  const { replies, publisher, events, now } = deps;

  /** The review to answer, if it is in the caller's scope (a limited member's locations): else 404. */
  async function targetOf(scope: Scope, id: number): Promise<ReplyTargetRow> {
    const target = await replies.findTarget(scope, id);
    if (!target) throw notFound(REVIEW_NOT_FOUND);
    return target;
  }

  /**
   * The answer: the review with its reply as the request left it, and where the reply went. Only a write that
   * lost a race (undefined) reads the review again, to show what won.
   */
  async function answer(
    scope: Scope,
    target: ReplyTargetRow,
    reply: ReplyState | undefined,
    outcome: SiteOutcome,
  ): Promise<ReplyResult> {
    const review = reply ? { ...target, ...reply } : await targetOf(scope, target.id);
    return {
      ...toReview(review),
      published: outcome.site,
      notPublishedReason: outcome.site === 'none' ? outcome.reason : null,
    };
  }

  /** Why a new reply was not taken: answered meanwhile (or, for an edit, not), or another reply waits. */
  async function notNew(scope: Scope, id: number, firstAnswer: boolean): Promise<AppError> {
    const row = await replies.findTarget(scope, id);
    if (!row) return notFound(REVIEW_NOT_FOUND);
    if (row.replyPublishState) {
      return row.replyPublishError === null
        ? conflict(REPLY_BEING_PUBLISHED)
        : conflict(REPLY_ALREADY_WAITING);
    }
    return firstAnswer ? conflict(REVIEW_ALREADY_ANSWERED) : conflict(REVIEW_NOT_ANSWERED);
  }

  /** Why a waiting reply cannot be taken now: none waits, or another request is publishing it. */
  async function notClaimable(scope: Scope, id: number): Promise<AppError> {
    const row = await replies.findTarget(scope, id);
    if (!row) return notFound(REVIEW_NOT_FOUND);
    return row.replyPublishState ? conflict(REPLY_BEING_PUBLISHED) : conflict(REPLY_NOT_WAITING);
  }

  /** Stores a claimed reply that reached its site (or was never meant for one) as the review's response. */
  function store(ownerId: number, id: number, claim: ReplyClaim, outcome: SiteOutcome) {
    const { content, firstAnswer } = claim;
    const publishedTo = outcome.site === 'none' ? null : outcome.site;
    const externalId = outcome.site === 'none' ? null : outcome.externalId;
    return replies.transaction(async (tx) => {
      const reply = await replies.writeReply(tx, ownerId, id, { content, publishedTo, externalId }, claim);
      if (reply) {
        const edited = !firstAnswer;
        await events.emit(tx, {
          type: 'review.responded',
          ownerId,
          reviewId: id,
          content,
          publishedTo,
          edited,
        });
      }
      return reply;
    });
  }

  /** The next attempt through the durable queue, after the wait that follows `attempts` tries. */
  async function scheduleRetry(tx: Executor, ownerId: number, id: number, attempts: number) {
    const runAt = new Date(now().getTime() + REPLY_RETRY_DELAYS_MS[attempts - 1]!);
    await enqueue(tx, 'publish-reply', { ownerId, reviewId: id, attempt: attempts + 1 }, { runAt });
  }

  /** A refused attempt: the reply waits again with why (the next attempt queued), or has failed. */
  function release(ownerId: number, id: number, claim: ReplyClaim, outcome: Refused, alert: boolean) {
    const state = stateAfter(outcome, claim.attempts);
    const error = reasonOf(outcome);
    return replies.transaction(async (tx) => {
      const reply = await replies.releaseWaitingReply(tx, ownerId, id, claim, { state, error });
      if (reply && state === 'pending') await scheduleRetry(tx, ownerId, id, claim.attempts);
      if (reply && state === 'failed' && alert) {
        await events.emit(tx, { type: 'reply.failed', ownerId, reviewId: id, reason: error });
      }
      return reply;
    });
  }

  /**
   * One attempt at a claimed reply: the site took it (it becomes the review's response), or it waits again,
   * or it has failed and the owner is told (`alert`: a new reply and the queue's attempts, not the owner's own
   * "try again", who sees the answer).
   */
  async function attempt(ownerId: number, target: ReplyTargetRow, claim: ReplyClaim, alert: boolean) {
    try {
      const outcome = await publisher.publish(ownerId, target, claim.content);
      if (refused(outcome))
        return { outcome, reply: await release(ownerId, target.id, claim, outcome, alert) };
      // A site that answered (or a connection removed meanwhile, whose reply now lives here only).
      const reply = await store(ownerId, target.id, claim, outcome);
      if (!reply)
        deps.logger?.warn({ reviewId: target.id }, 'a waiting reply changed while it was published');
      return { outcome, reply };
    } catch (error) {
      await letGo(ownerId, target.id, claim);
      throw error;
    }
  }

  /**
   * An attempt that broke here (not a site's refusal: a fault of ours or of the database) lets go of its
   * claim, so the reply waits with why and the owner can try again, edit or discard it; kept claimed, it
   * would answer "being published" for ever. Nothing is queued: what broke may break again.
   */
  async function letGo(ownerId: number, id: number, claim: ReplyClaim) {
    await replies
      .transaction((tx) => replies.releaseWaitingReply(tx, ownerId, id, claim, LET_GO))
      .catch((error: unknown) =>
        deps.logger?.warn({ reviewId: id, error }, 'a broken reply attempt kept its claim'),
      );
  }

  /**
   * A new reply: claimed first (claimNewReply), so only one of two at the same moment goes to the site, then
   * one attempt. A refusal leaves it waiting with the reason (the queue tries again, or the owner is told).
   */
  async function sendNew(scope: Scope, target: ReplyTargetRow, content: string, firstAnswer: boolean) {
    const claim = await replies.claimNewReply(scope.ownerId, target.id, content, firstAnswer);
    if (!claim) throw await notNew(scope, target.id, firstAnswer);
    const { outcome, reply } = await attempt(scope.ownerId, target, claim, true);
    return answer(scope, target, reply, outcome);
  }

  /** The waiting reply, claimed (with new words for an edit) and tried at once. */
  async function sendWaiting(scope: Scope, target: ReplyTargetRow, content?: string) {
    const claim = await replies.claimWaitingReply(scope.ownerId, target.id, { content });
    if (!claim) throw await notClaimable(scope, target.id);
    const { outcome, reply } = await attempt(scope.ownerId, target, claim, false);
    return answer(scope, target, reply, outcome);
  }

  /** What the owner is told when the reply left here but its site could not be reached to delete it there. */
  const removedHereOnly = (target: ReplyTargetRow, outcome: SiteOutcome): SiteOutcome =>
    outcome.site === 'none' && target.responsePublishedTo
      ? {
          site: 'none',
          reason: `${outcome.reason ?? 'the site could not be reached'}, so the reply may still show there`,
          failed: false,
        }
      : outcome;

  return {
    /** POST /api/reviews/{id}/response: the first answer. */
    async respond(scope: Scope, id: number, content: string): Promise<ReplyResult> {
      const target = await targetOf(scope, id);
      if (isResponded(target)) throw conflict(REVIEW_ALREADY_ANSWERED);
      if (target.replyPublishState) throw conflict(REPLY_ALREADY_WAITING);
      return sendNew(scope, target, content, true);
    },

    /**
     * PUT /api/reviews/{id}/response: changes the reply, on the site too. While a reply waits for its site,
     * it changes that waiting reply instead and tries it at once with the new words.
     */
    async edit(scope: Scope, id: number, content: string): Promise<ReplyResult> {
      const target = await targetOf(scope, id);
      if (target.replyPublishState) return sendWaiting(scope, target, content);
      if (!isResponded(target)) throw conflict(REVIEW_NOT_ANSWERED);
      return sendNew(scope, target, content, false);
    },

    /** POST /api/reviews/{id}/response/retry: the waiting reply, tried again now. */
    async retry(scope: Scope, id: number): Promise<ReplyResult> {
      return sendWaiting(scope, await targetOf(scope, id));
    },

    /**
     * The queue's attempt `attempt` at a waiting reply. Nothing happens if anything came since it was queued
     * (another attempt, an edit, a discard, the reply published): that is how a stale job goes quiet.
     */
    async retryQueued(ownerId: number, id: number, attemptNumber: number): Promise<void> {
      const claim = await replies.claimWaitingReply(ownerId, id, { afterAttempts: attemptNumber - 1 });
      if (!claim) return;
      const target = await replies.findTarget(wholeClient(ownerId), id);
      if (target) await attempt(ownerId, target, claim, true);
    },

    /**
     * DELETE /api/reviews/{id}/response. While a reply waits for its site, this discards that reply (it never
     * reached the site; a reply already there stays). A reply posted on a site is deleted there first; if the
     * site refuses, nothing changes here either (502), so ReviewFlow never shows a review as unanswered while
     * its reply is still public. A reply whose site is no longer connected is removed here, and the answer
     * says it may still show on the site.
     */
    async remove(scope: Scope, id: number): Promise<ReplyResult> {
      const { ownerId } = scope;
      const target = await targetOf(scope, id);
      if (target.replyPublishState) {
        const reply = await replies.discardWaitingReply(ownerId, id);
        if (!reply) throw conflict(REPLY_NOT_WAITING);
        return answer(scope, target, reply, NOT_SENT);
      }
      if (!isResponded(target)) throw conflict(REVIEW_NOT_ANSWERED);
      const outcome = await publisher.unpublish(ownerId, target);
      if (outcome.site === 'none' && outcome.failed) {
        throw new AppError(502, `${outcome.reason ?? 'The site did not answer'}. The reply was kept.`);
      }
      const reply = await replies.clearReply(ownerId, id);
      return answer(scope, target, reply, removedHereOnly(target, outcome));
    },

    /**
     * The provider endpoints of seed-spec section 7 (POST /api/integrations/{provider}/reply/{id}): the same
     * decision, strictly: the reply must reach the site, or nothing is stored and the error says why.
     */
    async respondOnSite(provider: Provider, scope: Scope, id: number, content: string): Promise<ReplyResult> {
      const { ownerId } = scope;
      const target = await targetOf(scope, id);
      if (target.type !== provider) throw badRequest(REPLY_WRONG_SOURCE[provider]);
      if (!target.externalId || target.externalId.startsWith('rating:')) {
        throw badRequest(REPLY_NOT_IMPORTED[provider]);
      }
      if (!publisher.canPublish(target)) throw badRequest(REPLY_NOT_CONNECTED[provider]);
      if (isResponded(target)) throw conflict(REVIEW_ALREADY_ANSWERED);
      if (target.replyPublishState) throw conflict(REPLY_ALREADY_WAITING);
      const claim = await replies.claimNewReply(ownerId, id, content, true);
      if (!claim) throw await notNew(scope, id, true);
      const outcome = await publisher.publish(ownerId, target, content);
      if (outcome.site === 'none') {
        await replies.dropClaimedReply(ownerId, id, claim);
        throw new AppError(502, outcome.reason ?? `${provider} did not answer`);
      }
      const reply = await store(ownerId, id, claim, outcome);
      if (!reply) throw conflict(REVIEW_ALREADY_ANSWERED);
      return answer(scope, target, reply, outcome);
    },
  };
}

export type RepliesService = ReturnType<typeof createRepliesService>;

/** The replies service on the database, publishing through the publisher routes/ and jobs.ts hand in. */
export function repliesServiceFor(
  ctx: Pick<AppContext, 'db' | 'events' | 'now'> & Partial<Pick<AppContext, 'logger'>>,
  publisher: ReplyPublisher,
): RepliesService {
  return createRepliesService({
    replies: createRepliesRepository(ctx.db),
    publisher,
    events: ctx.events,
    now: ctx.now,
    logger: ctx.logger,
  });
}
