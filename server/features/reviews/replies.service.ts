import {
  REPLY_NOT_CONNECTED,
  REPLY_NOT_IMPORTED,
  REPLY_WRONG_SOURCE,
  type Provider,
} from '@shared/schemas/integrations';
import { notificationTargets } from '@shared/schemas/notifications';
import {
  REVIEW_ALREADY_ANSWERED,
  REVIEW_NOT_ANSWERED,
  REVIEW_NOT_FOUND,
  isResponded,
  type ReplyResult,
} from '@shared/schemas/reviews';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { AppContext } from '../../lib/context';
import {
  createIntegrationsRepository,
  type IntegrationsRepository,
} from '../integrations/integrations.repository';
import { createReplyPublisher, type ReplyPublisher, type SiteOutcome } from '../integrations/reply-publisher';
import { recordNotifications } from '../notifications/record-notifications';
import { emitReviewResponded } from '../webhooks/webhook-events';
import { createReviewsRepository, type ReviewsRepository } from './reviews.repository';
import { toReview } from './reviews.service';

/**
 * The one server decision for a reply (issue 10): for a Google or Facebook review of a connected location
 * the reply is published on the site first, then stored; otherwise it is stored. A site that refuses or
 * does not answer does not lose the owner's words: the reply is kept in ReviewFlow, the answer says why it
 * is not on the site, and a notification records it.
 */
export function createRepliesService(deps: {
  reviews: ReviewsRepository;
  targets: Pick<IntegrationsRepository, 'findReviewForReply'>;
  publisher: ReplyPublisher;
}) {
  const { reviews, targets, publisher } = deps;

  async function targetOf(ownerId: number, id: number) {
    const target = await targets.findReviewForReply(ownerId, id);
    if (!target) throw notFound(REVIEW_NOT_FOUND);
    return target;
  }

  async function resultOf(ownerId: number, id: number, outcome: SiteOutcome): Promise<ReplyResult> {
    const row = await reviews.findById(ownerId, id);
    if (!row) throw notFound(REVIEW_NOT_FOUND);
    return {
      ...toReview(row),
      published: outcome.site,
      notPublishedReason: outcome.site === 'none' ? outcome.reason : null,
    };
  }

  /** Stores the reply with where it went; a site's refusal is recorded for the bell in the same transaction. */
  async function store(
    ownerId: number,
    id: number,
    content: string,
    outcome: SiteOutcome,
    firstAnswer: boolean,
  ) {
    const written = await reviews.transaction(async (tx) => {
      const ok = await reviews.writeReply(
        tx,
        ownerId,
        id,
        {
          content,
          publishedTo: outcome.site === 'none' ? null : outcome.site,
          externalId: outcome.site === 'none' ? null : outcome.externalId,
        },
        firstAnswer,
      );
      if (ok)
        await emitReviewResponded(tx, {
          ownerId,
          reviewId: id,
          content,
          publishedTo: outcome.site === 'none' ? null : outcome.site,
          edited: !firstAnswer,
        });
      if (ok && outcome.site === 'none' && outcome.failed) {
        await recordNotifications(tx, [
          {
            ownerId,
            kind: 'reply_failed',
            title: 'A reply was not published',
            body: `Saved in ReviewFlow only: ${outcome.reason ?? 'the site did not take it'}`,
            target: notificationTargets.review(id),
            reviewId: id,
          },
        ]);
      }
      return ok;
    });
    if (!written) throw firstAnswer ? conflict(REVIEW_ALREADY_ANSWERED) : conflict(REVIEW_NOT_ANSWERED);
  }

  return {
    /** POST /api/reviews/{id}/response: the first answer. */
    async respond(ownerId: number, id: number, content: string): Promise<ReplyResult> {
      const target = await targetOf(ownerId, id);
      if (isResponded(target)) throw conflict(REVIEW_ALREADY_ANSWERED);
      const outcome = await publisher.publish(ownerId, target, content);
      await store(ownerId, id, content, outcome, true);
      return resultOf(ownerId, id, outcome);
    },

    /** PUT /api/reviews/{id}/response: changes the reply, on the site too. */
    async edit(ownerId: number, id: number, content: string): Promise<ReplyResult> {
      const target = await targetOf(ownerId, id);
      if (!isResponded(target)) throw conflict(REVIEW_NOT_ANSWERED);
      const outcome = await publisher.publish(ownerId, target, content);
      await store(ownerId, id, content, outcome, false);
      return resultOf(ownerId, id, outcome);
    },

    /**
     * DELETE /api/reviews/{id}/response. A reply posted on a site is deleted there first; if the site
     * refuses, nothing changes here either (502), so ReviewFlow never shows a review as unanswered while its
     * reply is still public. A reply whose site is no longer connected is removed here, and the answer says
     * it may still show on the site.
     */
    async remove(ownerId: number, id: number): Promise<ReplyResult> {
      const target = await targetOf(ownerId, id);
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
    async respondOnSite(
      provider: Provider,
      ownerId: number,
      id: number,
      content: string,
    ): Promise<ReplyResult> {
      const target = await targetOf(ownerId, id);
      if (target.type !== provider) throw badRequest(REPLY_WRONG_SOURCE[provider]);
      if (!target.externalId || target.externalId.startsWith('rating:')) {
        throw badRequest(REPLY_NOT_IMPORTED[provider]);
      }
      if (!publisher.routeOf(target).ready) throw badRequest(REPLY_NOT_CONNECTED[provider]);
      if (isResponded(target)) throw conflict(REVIEW_ALREADY_ANSWERED);
      const outcome = await publisher.publish(ownerId, target, content);
      if (outcome.site === 'none') throw new AppError(502, outcome.reason ?? `${provider} did not answer`);
      await store(ownerId, id, content, outcome, true);
      return resultOf(ownerId, id, outcome);
    },
  };
}

export type RepliesService = ReturnType<typeof createRepliesService>;

/** The replies service with its real collaborators (the reviews routes and the provider endpoints share it). */
export function repliesServiceFor(ctx: Pick<AppContext, 'db' | 'google' | 'facebook'>): RepliesService {
  const targets = createIntegrationsRepository(ctx.db);
  return createRepliesService({
    reviews: createReviewsRepository(ctx.db),
    targets,
    publisher: createReplyPublisher({ repo: targets, google: ctx.google, facebook: ctx.facebook }),
  });
}
