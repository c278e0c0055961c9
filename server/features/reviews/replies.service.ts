import {
  REPLY_NOT_CONNECTED,
  REPLY_NOT_IMPORTED,
  REPLY_WRONG_SOURCE,
  type Provider,
} from '@shared/schemas/integrations';
import { notificationTargets } from '@shared/schemas/notifications';
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
import type { Logger } from '../../lib/logger';
import { enqueue } from '../../lib/queue/enqueue';
import {
  createIntegrationsRepository,
  type IntegrationsRepository,
  createReplyPublisher,
  type ReplyPublisher,
  type ReplyTarget,
  type SiteOutcome,
} from '../integrations';
import { recordNotifications } from '../notifications';
import { emitReviewResponded } from '../webhooks';
import {
  createReviewsRepository,
  type Executor,
  type ReviewsRepository,
  type WaitingReplyClaim,
} from './reviews.repository';
import { toReview } from './reviews.service';
import { wholeClient, type Scope } from '../../db/scope';

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

/**
 * The one server decision for a reply (issues 10 and 41): for a Google or Facebook review of a connected
 * location the reply is published on the site first, then stored as the review's response; otherwise (private
 * feedback, a site not connected) it is stored, as it lives here only. A reply the site refuses or does not
 * answer is not the review's response: it waits beside it (pendingReply), the review stays unanswered in every
 * figure, and the queue tries again with backoff until the site takes it or the attempts run out, when the
 * owner is told. A site that no longer accepts the connection is not tried again: the reply has failed at once.
 */
export function createRepliesService(deps: {
  reviews: ReviewsRepository;
  targets: Pick<IntegrationsRepository, 'findReviewForReply'>;
  publisher: ReplyPublisher;
  now: () => Date;
  logger?: Pick<Logger, 'warn'>;
}) {
  const { reviews, targets, publisher, now } = deps;

  /** The review to answer, if it is in the caller's scope (a limited member's locations): else 404. */
  async function targetOf(scope: Scope, id: number) {
    const target = await targets.findReviewForReply(scope, id);
    if (!target) throw notFound(REVIEW_NOT_FOUND);
    return target;
  }

  async function resultOf(ownerId: number, id: number, outcome: SiteOutcome): Promise<ReplyResult> {
    // The caller found the review in its scope first.
    const row = await reviews.findById(wholeClient(ownerId), id);
    if (!row) throw notFound(REVIEW_NOT_FOUND);
    return {
      ...toReview(row),
      published: outcome.site,
      notPublishedReason: outcome.site === 'none' ? outcome.reason : null,
    };
  }

  /** The next attempt through the durable queue, after the wait that follows `attempts` tries. */
  async function scheduleRetry(tx: Executor, ownerId: number, id: number, attempts: number) {
    const delay = REPLY_RETRY_DELAYS_MS[attempts - 1]!;
    await enqueue(
      tx,
      'publish-reply',
      { ownerId, reviewId: id, attempt: attempts + 1 },
      { runAt: new Date(now().getTime() + delay) },
    );
  }

  /** The bell's word that a reply will not reach its site without the owner. */
  async function alertFailed(tx: Executor, ownerId: number, id: number, reason: string) {
    await recordNotifications(tx, [
      {
        ownerId,
        kind: 'reply_failed',
        title: 'A reply was not published',
        body: `Not on the site: ${reason}. Open the review to try again, change or discard it.`,
        target: notificationTargets.review(id),
        reviewId: id,
      },
    ]);
  }

  /** What comes of a refused attempt: retried later, or failed now (no connection, or no attempts left). */
  const stateAfter = (outcome: Refused, attempts: number): ReplyPublishState =>
    outcome.reconnect || attempts >= REPLY_MAX_ATTEMPTS ? 'failed' : 'pending';

  /** Stores a claimed reply that reached its site (or was never meant for one) as the review's response. */
  async function storeResponse(
    ownerId: number,
    id: number,
    outcome: SiteOutcome,
    claim: WaitingReplyClaim & { firstAnswer: boolean },
  ): Promise<boolean> {
    const { content, firstAnswer } = claim;
    const publishedTo = outcome.site === 'none' ? null : outcome.site;
    return reviews.transaction(async (tx) => {
      const ok = await reviews.writeReply(
        tx,
        ownerId,
        id,
        { content, publishedTo, externalId: outcome.site === 'none' ? null : outcome.externalId },
        firstAnswer,
        claim,
      );
      if (ok)
        await emitReviewResponded(tx, { ownerId, reviewId: id, content, publishedTo, edited: !firstAnswer });
      return ok;
    });
  }

  /**
   * One attempt at a claimed waiting reply: the site took it (it becomes the review's response, answered
   * now), or it waits again with the reason, the next attempt queued, or it has failed and the owner is told
   * (`alert`: a new reply and the queue's attempts, not the owner's own "try again", who sees the answer).
   * `target`: the review as the caller already read it, before its claim (the queue's job has not read it).
   */
  async function attemptClaimed(
    ownerId: number,
    id: number,
    claim: WaitingReplyClaim & { firstAnswer: boolean },
    alert: boolean,
    target?: ReplyTarget,
  ): Promise<SiteOutcome> {
    const outcome = await publisher.publish(
      ownerId,
      target ?? (await targetOf(wholeClient(ownerId), id)),
      claim.content,
    );
    if (!refused(outcome)) {
      // A site that answered (or a connection removed meanwhile, whose reply now lives here only).
      const stored = await storeResponse(ownerId, id, outcome, claim);
      if (!stored) deps.logger?.warn({ reviewId: id }, 'a waiting reply changed while it was published');
      return outcome;
    }
    const state = stateAfter(outcome, claim.attempts);
    const reason = reasonOf(outcome);
    await reviews.transaction(async (tx) => {
      const released = await reviews.releaseWaitingReply(tx, ownerId, id, claim, { state, error: reason });
      if (released && state === 'pending') await scheduleRetry(tx, ownerId, id, claim.attempts);
      if (released && state === 'failed' && alert) await alertFailed(tx, ownerId, id, reason);
    });
    return outcome;
  }

  /**
   * Why a new reply could not be taken: the review was answered meanwhile (or, for an edit, is not), or a
   * reply already waits or is being published right now (the other of two at the same moment).
   */
  async function notNew(ownerId: number, id: number, firstAnswer: boolean): Promise<AppError> {
    const row = await reviews.findById(wholeClient(ownerId), id);
    if (!row) return notFound(REVIEW_NOT_FOUND);
    if (row.replyPublishState) {
      return row.replyPublishError === null
        ? conflict(REPLY_BEING_PUBLISHED)
        : conflict(REPLY_ALREADY_WAITING);
    }
    return firstAnswer ? conflict(REVIEW_ALREADY_ANSWERED) : conflict(REVIEW_NOT_ANSWERED);
  }

  /**
   * A new reply: taken first (claimNewReply), so only one of two at the same moment goes to the site, then
   * one attempt. A refusal leaves it waiting with the reason (the queue tries again, or the owner is told).
   */
  async function sendNew(
    ownerId: number,
    id: number,
    target: ReplyTarget,
    content: string,
    firstAnswer: boolean,
  ): Promise<SiteOutcome> {
    const claim = await reviews.claimNewReply(ownerId, id, content, firstAnswer);
    if (!claim) throw await notNew(ownerId, id, firstAnswer);
    return attemptClaimed(ownerId, id, claim, true, target);
  }

  /** Why a waiting reply cannot be taken now: none waits, or another request is publishing it. */
  async function notClaimable(ownerId: number, id: number): Promise<AppError> {
    const row = await reviews.findById(wholeClient(ownerId), id);
    if (!row) return notFound(REVIEW_NOT_FOUND);
    return row.replyPublishState ? conflict(REPLY_BEING_PUBLISHED) : conflict(REPLY_NOT_WAITING);
  }

  return {
    /** POST /api/reviews/{id}/response: the first answer. */
    async respond(scope: Scope, id: number, content: string): Promise<ReplyResult> {
      const { ownerId } = scope;
      const target = await targetOf(scope, id);
      if (isResponded(target)) throw conflict(REVIEW_ALREADY_ANSWERED);
      if (target.replyPublishState) throw conflict(REPLY_ALREADY_WAITING);
      return resultOf(ownerId, id, await sendNew(ownerId, id, target, content, true));
    },

    /**
     * PUT /api/reviews/{id}/response: changes the reply, on the site too. While a reply waits for its site,
     * it changes that waiting reply instead and tries it at once with the new words.
     */
    async edit(scope: Scope, id: number, content: string): Promise<ReplyResult> {
      const { ownerId } = scope;
      const target = await targetOf(scope, id);
      if (target.replyPublishState) {
        const claim = await reviews.claimWaitingReply(ownerId, id, { content });
        if (!claim) throw await notClaimable(ownerId, id);
        return resultOf(ownerId, id, await attemptClaimed(ownerId, id, claim, false, target));
      }
      if (!isResponded(target)) throw conflict(REVIEW_NOT_ANSWERED);
      return resultOf(ownerId, id, await sendNew(ownerId, id, target, content, false));
    },

    /** POST /api/reviews/{id}/response/retry: the waiting reply, tried again now. */
    async retry(scope: Scope, id: number): Promise<ReplyResult> {
      const { ownerId } = scope;
      const target = await targetOf(scope, id);
      const claim = await reviews.claimWaitingReply(ownerId, id);
      if (!claim) throw await notClaimable(ownerId, id);
      return resultOf(ownerId, id, await attemptClaimed(ownerId, id, claim, false, target));
    },

    /**
     * The queue's attempt `attempt` at a waiting reply. Nothing happens if anything came since it was queued
     * (another attempt, an edit, a discard, the reply published): that is how a stale job goes quiet.
     */
    async retryQueued(ownerId: number, id: number, attempt: number): Promise<void> {
      const claim = await reviews.claimWaitingReply(ownerId, id, { afterAttempts: attempt - 1 });
      if (claim) await attemptClaimed(ownerId, id, claim, true);
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
        if (!(await reviews.discardWaitingReply(ownerId, id))) throw conflict(REPLY_NOT_WAITING);
        return resultOf(ownerId, id, { site: 'none', reason: null, failed: false });
      }
      if (!isResponded(target)) throw conflict(REVIEW_NOT_ANSWERED);
      const outcome = await publisher.unpublish(ownerId, target);
      if (outcome.site === 'none' && outcome.failed) {
        throw new AppError(502, `${outcome.reason ?? 'The site did not answer'}. The reply was kept.`);
      }
      await reviews.clearReply(ownerId, id);
      const removedHereOnly: SiteOutcome =
        outcome.site === 'none' && target.responsePublishedTo
          ? {
              site: 'none',
              reason: `${outcome.reason ?? 'the site could not be reached'}, so the reply may still show there`,
              failed: false,
            }
          : outcome;
      return resultOf(ownerId, id, removedHereOnly);
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
      if (!publisher.routeOf(target).ready) throw badRequest(REPLY_NOT_CONNECTED[provider]);
      if (isResponded(target)) throw conflict(REVIEW_ALREADY_ANSWERED);
      if (target.replyPublishState) throw conflict(REPLY_ALREADY_WAITING);
      const claim = await reviews.claimNewReply(ownerId, id, content, true);
      if (!claim) throw await notNew(ownerId, id, true);
      const outcome = await publisher.publish(ownerId, target, content);
      if (outcome.site === 'none') {
        await reviews.dropClaimedReply(ownerId, id, claim);
        throw new AppError(502, outcome.reason ?? `${provider} did not answer`);
      }
      if (!(await storeResponse(ownerId, id, outcome, claim))) throw conflict(REVIEW_ALREADY_ANSWERED);
      return resultOf(ownerId, id, outcome);
    },
  };
}

export type RepliesService = ReturnType<typeof createRepliesService>;

/** The replies service with its real collaborators (the reviews routes, the provider endpoints, the queue). */
export function repliesServiceFor(
  ctx: Pick<AppContext, 'db' | 'google' | 'facebook' | 'now'> & Partial<Pick<AppContext, 'logger'>>,
): RepliesService {
  const targets = createIntegrationsRepository(ctx.db);
  return createRepliesService({
    reviews: createReviewsRepository(ctx.db),
    targets,
    publisher: createReplyPublisher({ repo: targets, google: ctx.google, facebook: ctx.facebook }),
    now: ctx.now,
    logger: ctx.logger,
  });
}
