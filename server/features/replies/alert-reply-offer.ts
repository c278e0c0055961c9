import { isResponded } from '@shared/schemas/reviews';
import type { AppContext } from '../../lib/context';
import { wholeClient } from '../../db/scope';
import { hasFeedbackCase } from '../feedback-cases';
import { createRepliesRepository } from './replies.repository';
import { editReplyUrl, issueReplyLink, publishReplyUrl } from './reply-links.service';
import { replySuggestionsServiceFor } from './reply-suggestions.service';

/** A suggested reply with its "Publish this reply" link and the "Edit in ReviewFlow" one. */
export interface AlertReplyOffer {
  content: string;
  publishUrl: string;
  editUrl: string;
}

/**
 * What a review alert offers to answer with (issue 47, item 4): a suggested reply and a link that publishes
 * it. Nothing for a review that is answered already or has a reply waiting for its site (an imported Google
 * review its owner answered there, say), nor for one with a feedback case: its reply is a message to the
 * customer, which the owner writes in the app, and which no undo could call back.
 */
export function alertReplyOffersFor(ctx: Pick<AppContext, 'db' | 'env' | 'logger' | 'secretBox' | 'now'>) {
  const targets = createRepliesRepository(ctx.db);
  const suggestions = replySuggestionsServiceFor(ctx);
  return async (ownerId: number, reviewId: number): Promise<AlertReplyOffer | undefined> => {
    const review = await targets.findTarget(wholeClient(ownerId), reviewId);
    if (!review || isResponded(review) || review.replyPublishState) return undefined;
    if (await hasFeedbackCase(ctx.db, reviewId)) return undefined;
    const content = await suggestions.whole(ownerId, review);
    const token = await issueReplyLink(ctx, reviewId, content);
    const base = ctx.env.publicBaseUrl;
    return { content, publishUrl: publishReplyUrl(base, token), editUrl: editReplyUrl(base, reviewId) };
  };
}
