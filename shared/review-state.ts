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
