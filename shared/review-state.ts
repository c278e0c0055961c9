/**
 * Responded when responseContent is present (seed-spec section 4). Its own module, free of zod, so the
 * dashboard's review rows show it without loading the schemas (issue 13); shared/schemas/reviews.ts
 * re-exports it.
 */
export function isResponded(review: { responseContent: string | null }): boolean {
  return Boolean(review.responseContent && review.responseContent.trim());
}
