import type { ReplyDestination, Review } from '@shared/reviews';

const SITE = { google: 'Google', facebook: 'Facebook' } as const;

/**
 * A reply to private feedback (a rating or video left on the review page) stays here: nothing sends it to the
 * customer yet (issue 43). Said in the box before writing and in the toast after.
 */
export const PRIVATE_REPLY_NOTE = 'Only you see this reply: private feedback is not sent to the customer.';

/** Whether a reply to this review is meant for a public site (Google, Facebook) the customer reads. */
export const replyGoesPublic = (review: Pick<Review, 'type'>) =>
  review.type === 'google' || review.type === 'facebook';

/** The reply box's placeholder: who will read what is written. */
export const replyPlaceholder = (review: Pick<Review, 'type'> | null | undefined) =>
  review && !replyGoesPublic(review)
    ? 'Only you see this reply: a note for you and your team…'
    : 'Write a reply your customer will read…';

/** What the server said of the last reply sent from this dialog. */
export interface ReplyOutcome {
  published: ReplyDestination;
  notPublishedReason: string | null;
}

/**
 * Where a reply lives, in words the owner can trust (issue 10): "Posted on Google", "Saved in ReviewFlow
 * only: Google is not connected", or, for private feedback, that it stays in ReviewFlow.
 */
export function replyPlaceText(
  review: Pick<Review, 'type' | 'responsePublishedTo'>,
  outcome?: ReplyOutcome | null,
): string {
  if (review.responsePublishedTo) return `Posted on ${SITE[review.responsePublishedTo]}`;
  if (review.type === 'google' || review.type === 'facebook') {
    const reason = outcome?.notPublishedReason;
    return reason
      ? `Saved in ReviewFlow only: ${reason}`
      : `Saved in ReviewFlow only, not on ${SITE[review.type]}`;
  }
  return 'Saved in ReviewFlow: private feedback and its reply are only visible to you';
}

/** What a toast says of a reply just sent, changed or tried again: the spec's words when true, else what happened. */
export function replyToast(
  review: Pick<Review, 'type'>,
  result: ReplyOutcome & Pick<Review, 'responsePublishedTo' | 'replyPublishState'>,
  action: 'create' | 'edit' | 'retry' = 'create',
) {
  const meantForSite = replyGoesPublic(review);
  const site = meantForSite ? SITE[review.type as keyof typeof SITE] : 'the site';
  const reason = result.notPublishedReason ?? `${site} did not answer`;
  // A reply its site did not take is not "submitted": say so, and what happens next (issue 41).
  if (result.replyPublishState === 'pending') {
    return {
      title: `Reply not on ${site} yet`,
      description: `${site} did not take it (${reason}). We'll keep trying and tell you if it fails.`,
    };
  }
  if (result.replyPublishState === 'failed') {
    return {
      title: `Reply not on ${site}`,
      description: `${reason}. Your reply is kept here: try again once that is fixed, change it or discard it.`,
    };
  }
  if (action === 'retry') {
    return {
      title: 'Reply published',
      description: `${replyPlaceText({ type: review.type, responsePublishedTo: result.responsePublishedTo }, result)}.`,
    };
  }
  if (meantForSite && result.published === 'none') {
    return {
      title: action === 'edit' ? 'Response updated' : 'Response saved',
      description: replyPlaceText({ type: review.type, responsePublishedTo: null }, result),
    };
  }
  if (action === 'edit') {
    return {
      title: 'Response updated',
      description:
        result.published === 'none'
          ? 'Your response has been updated.'
          : `${replyPlaceText({ type: review.type, responsePublishedTo: result.responsePublishedTo })}.`,
    };
  }
  return {
    title: 'Response submitted',
    description: meantForSite ? 'Your response has been submitted successfully.' : PRIVATE_REPLY_NOTE,
  };
}
