import { providerOf } from '@shared/integrations';
import { isResponded, type ReplyResult } from '@shared/schemas/reviews';
import type { AppContext } from '../../lib/context';
import type { SecretBox } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { wholeClient } from '../../db/scope';
import { createRepliesRepository, type RepliesRepository, type ReplyTargetRow } from './replies.repository';
import { repliesServiceFor, type RepliesService } from './replies.service';
import { openReplyLink, replyContentHash, sealReplyLink } from './reply-link-token';
import {
  createReplyLinksRepository,
  type ReplyLinkRow,
  type ReplyLinksRepository,
} from './reply-links.repository';
import type { ReplyPublisher } from './reply-publisher';

const MINUTE = 60_000;
/** How long an alert's "Publish this reply" link works (issue 47, item 4). */
export const REPLY_LINK_TTL_MS = 72 * 60 * MINUTE;
/** How long after publishing the link's page can take the reply back. */
export const REPLY_UNDO_MS = 5 * MINUTE;
/** Expired links are kept a while, so a late click says "expired" rather than "not valid"; then they go. */
export const REPLY_LINK_KEPT_MS = 30 * 24 * 60 * MINUTE;

/** The link's page (the API serves it: it works without the app's scripts and without a session). */
export const publishReplyUrl = (base: string, token: string) => `${base}/api/reply-links/${token}`;
/** "Edit in ReviewFlow": the review open in the app, its reply editor starting from the link's words. */
export const editReplyUrl = (base: string, reviewId: number) => `${base}/reviews?review=${reviewId}&draft=1`;

/** Where the reply goes when published: its site, or ReviewFlow only (private feedback, or no connection). */
export type ReplyLinkDestination = 'google' | 'facebook' | 'here';

/** Where the review's reply stands once the button was pressed: on its site, waiting for it, or here only. */
export type PublishedReply = Pick<
  ReplyTargetRow,
  'type' | 'responsePublishedTo' | 'replyPublishState' | 'replyPublishError'
>;

/** What a link's page shows: each state names the review, so every page can offer "Edit in ReviewFlow". */
export type ReplyLinkView =
  | { state: 'invalid' }
  | { state: 'expired'; reviewId: number }
  /** Answered, or a reply waiting for its site, by something other than this link. */
  | { state: 'answered'; reviewId: number }
  | {
      state: 'ready';
      reviewId: number;
      review: ReplyTargetRow;
      content: string;
      destination: ReplyLinkDestination;
    }
  | { state: 'published'; reviewId: number; review: PublishedReply; undoUntil: Date | null }
  | { state: 'undone'; reviewId: number; result?: ReplyResult }
  /** The undo found the reply changed in ReviewFlow since, or its site refused to delete it. */
  | { state: 'kept'; reviewId: number; reason: string };

/**
 * The "Publish this reply" link of a review alert (issue 47, item 4). Its token binds the link to one review and
 * the exact words (reply-link-token.ts); opening it only shows the reply, its button publishes it once through
 * the replies service (the same decision as the Reviews screen: Google or Facebook first, else ReviewFlow only),
 * and for five minutes after that the page can take it back.
 */
export function createReplyLinksService(deps: {
  links: ReplyLinksRepository;
  replies: RepliesService;
  targets: Pick<RepliesRepository, 'findTarget'>;
  publisher: Pick<ReplyPublisher, 'canPublish'>;
  secretBox: SecretBox;
  now: () => Date;
}) {
  const { links, replies, targets, publisher, secretBox, now } = deps;

  /** The link a token names, if the token is ours and still matches its row word for word. */
  async function linkOf(token: string): Promise<ReplyLinkRow | undefined> {
    const claims = openReplyLink(secretBox, token);
    if (!claims) return undefined;
    const link = await links.find(claims.linkId);
    if (!link || link.reviewId !== claims.reviewId) return undefined;
    return replyContentHash(link.content) === claims.contentHash ? link : undefined;
  }

  const targetOf = (link: ReplyLinkRow) => targets.findTarget(wholeClient(link.ownerId), link.reviewId);

  const destinationOf = (review: ReplyTargetRow): ReplyLinkDestination => {
    const provider = providerOf(review.type);
    return provider && publisher.canPublish(review) ? provider : 'here';
  };

  /** Until when the page can take back a reply published at `usedAt`; null once that has passed. */
  const undoUntilOf = (usedAt: Date) => {
    const until = new Date(usedAt.getTime() + REPLY_UNDO_MS);
    return until > now() ? until : null;
  };

  /** The link's reply is still what the review shows (or waits to show on its site). */
  const stillShows = (review: ReplyTargetRow, link: ReplyLinkRow) =>
    review.responseContent === link.content || review.pendingReply === link.content;

  async function view(link: ReplyLinkRow): Promise<ReplyLinkView> {
    const reviewId = link.reviewId;
    const review = await targetOf(link);
    if (!review) return { state: 'invalid' };
    if (link.undoneAt) return { state: 'undone', reviewId };
    if (link.usedAt) return { state: 'published', reviewId, review, undoUntil: undoUntilOf(link.usedAt) };
    if (isResponded(review) || review.replyPublishState) return { state: 'answered', reviewId };
    if (link.expiresAt <= now()) return { state: 'expired', reviewId };
    return { state: 'ready', reviewId, review, content: link.content, destination: destinationOf(review) };
  }

  return {
    /** What the link's page shows when opened: nothing changes (mail scanners open links too). */
    async open(token: string): Promise<ReplyLinkView> {
      const link = await linkOf(token);
      return link ? view(link) : { state: 'invalid' };
    },

    /** The page's button: publishes the reply once. A second press, or a late one, shows what the link did. */
    async publish(token: string): Promise<ReplyLinkView> {
      const link = await linkOf(token);
      if (!link) return { state: 'invalid' };
      const claimed = await links.claim(link.id, now());
      if (!claimed?.usedAt) {
        const current = await links.find(link.id);
        return current ? view(current) : { state: 'invalid' };
      }
      try {
        // The answer is the review as the reply left it: where the reply stands is read from it.
        const review = await replies.respond(wholeClient(link.ownerId), link.reviewId, link.content);
        return {
          state: 'published',
          reviewId: link.reviewId,
          review,
          undoUntil: undoUntilOf(claimed.usedAt),
        };
      } catch (error) {
        await links.release(link.id, claimed.usedAt);
        // Answered meanwhile (in ReviewFlow, or a reply waiting): the page says so; anything else is a fault.
        if (error instanceof AppError && error.status === 409)
          return { state: 'answered', reviewId: link.reviewId };
        throw error;
      }
    },

    /**
     * The undo button, for five minutes after publishing: deletes the reply on its site and here (or discards
     * it while it waits for its site). A reply changed in ReviewFlow since is the owner's newer word: kept.
     */
    async undo(token: string): Promise<ReplyLinkView> {
      const link = await linkOf(token);
      if (!link) return { state: 'invalid' };
      const reviewId = link.reviewId;
      if (link.undoneAt || !link.usedAt) return view(link);
      const windowStart = new Date(now().getTime() - REPLY_UNDO_MS);
      if (link.usedAt <= windowStart) return view(link);
      const review = await targetOf(link);
      if (!review) return { state: 'invalid' };
      if (!stillShows(review, link))
        return {
          state: 'kept',
          reviewId,
          reason: 'The reply was changed in ReviewFlow after it was published, so it was kept.',
        };
      let result: ReplyResult;
      try {
        result = await replies.remove(wholeClient(link.ownerId), reviewId);
      } catch (error) {
        if (error instanceof AppError && error.status === 502)
          return { state: 'kept', reviewId, reason: error.message };
        if (error instanceof AppError && error.status === 409)
          return view((await links.find(link.id)) ?? link);
        throw error;
      }
      await links.markUndone(link.id, now(), windowStart);
      return { state: 'undone', reviewId, result };
    },

    /** "Edit in ReviewFlow": the words the newest open link offers for this review. */
    draftOf: links.draftOf,
  };
}

export type ReplyLinksService = ReturnType<typeof createReplyLinksService>;

/** A new link for an alert email, offering `content` as the reply to the review: the token for its URL. */
export async function issueReplyLink(
  ctx: Pick<AppContext, 'db' | 'secretBox' | 'now'>,
  reviewId: number,
  content: string,
): Promise<string> {
  const link = await createReplyLinksRepository(ctx.db).create({
    reviewId,
    content,
    expiresAt: new Date(ctx.now().getTime() + REPLY_LINK_TTL_MS),
  });
  return sealReplyLink(ctx.secretBox, link);
}

export function replyLinksServiceFor(
  ctx: Pick<AppContext, 'db' | 'events' | 'now' | 'secretBox' | 'logger'>,
  publisher: ReplyPublisher,
): ReplyLinksService {
  return createReplyLinksService({
    links: createReplyLinksRepository(ctx.db),
    replies: repliesServiceFor(ctx, publisher),
    targets: createRepliesRepository(ctx.db),
    publisher,
    secretBox: ctx.secretBox,
    now: ctx.now,
  });
}
