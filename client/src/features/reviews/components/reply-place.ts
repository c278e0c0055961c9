import type { ReplyDestination, Review } from '@shared/schemas/reviews';

const SITE = { google: 'Google', facebook: 'Facebook' } as const;

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

/** What a toast says of a reply just sent or changed: the spec's words when true, else what happened. */
export function replyToast(
  review: Pick<Review, 'type'>,
  result: ReplyOutcome & Pick<Review, 'responsePublishedTo'>,
  action: 'create' | 'edit' = 'create',
) {
  const meantForSite = review.type === 'google' || review.type === 'facebook';
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
  return { title: 'Response submitted', description: 'Your response has been submitted successfully.' };
}
