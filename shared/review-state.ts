/**
 * Responded when responseContent is present (seed-spec section 4). Its own module, free of zod, so the
 * dashboard's review rows show it without loading the schemas (issue 13); shared/schemas/reviews.ts
 * re-exports it.
 */
export function isResponded(review: { responseContent: string | null }): boolean {
  return Boolean(review.responseContent && review.responseContent.trim());
}

/**
 * A reply meant for Google or Facebook that the site has not taken yet (issue 41): the review is not
 * Responded for it, and the screens say "Not on Google yet" instead.
 */
export function hasWaitingReply(review: { replyPublishState?: 'pending' | 'failed' | null }): boolean {
  return Boolean(review.replyPublishState);
}

/** How a rating the customer changed after the reply is said (issue 47, item 2). */
export const ratingChangeText = (from: number, to: number) => `${from}★ → ${to}★ after your reply`;

/** "1★ → 4★ after your reply" when the customer changed their rating since the reply was given, else null. */
export function ratingChangeAfterReply(review: {
  rating: number;
  ratingAtReply: number | null;
  responseContent: string | null;
}): string | null {
  if (!isResponded(review) || review.ratingAtReply === null || review.ratingAtReply === review.rating)
    return null;
  return ratingChangeText(review.ratingAtReply, review.rating);
}
