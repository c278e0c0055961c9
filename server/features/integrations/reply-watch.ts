import type { Provider } from '@shared/schemas/integrations';
import type { SiteChange } from '../../lib/events';
import type { ImportedReview } from './integrations.repository';

/** A review as ReviewFlow last stored it, before this sync's read is written over it. */
export interface WatchedReview {
  id: number;
  externalId: string | null;
  rating: number;
  content: string;
  reviewerName: string;
  responseContent: string | null;
  responsePublishedTo: Provider | null;
  respondedAt: Date | null;
  ratingAtReply: number | null;
  removedFromSiteAt: Date | null;
}

/**
 * Compares what the site shows now with what ReviewFlow stored, for one location (Facebook's replies: what
 * Facebook answered about each one asked). `readStartedAt` is when the
 * site was read: a reply stored after it cannot be in that read, so it is not missed. A read that found no
 * reviews at all removes nothing (a site answering an empty list for a moment must not empty the list here).
 */
export function watchChanges(
  provider: Provider,
  stored: WatchedReview[],
  read: ImportedReview[],
  readStartedAt: Date,
  /** Facebook replies (review ids) that Facebook said no longer exist, asked one by one. */
  facebookRepliesGone: ReadonlySet<number> = new Set(),
): SiteChange[] {
  const onSite = new Map(read.map((review) => [review.externalId, review]));
  const changes: SiteChange[] = [];
  for (const review of stored) {
    const { id: reviewId, reviewerName } = review;
    const now = review.externalId === null ? undefined : onSite.get(review.externalId);
    if (!now) {
      if (read.length > 0 && !review.removedFromSiteAt)
        changes.push({
          kind: 'review_removed',
          reviewId,
          reviewerName,
          rating: review.rating,
          answered: review.responseContent !== null,
        });
      continue;
    }
    const answeredBeforeRead =
      review.responseContent !== null && review.respondedAt !== null && review.respondedAt < readStartedAt;
    if (!answeredBeforeRead) continue;
    // Facebook's ratings come without the Page's replies: those are asked about one by one.
    const replyGone =
      provider === 'google'
        ? review.responsePublishedTo === 'google' && now.responseContent === null
        : review.responsePublishedTo === 'facebook' && facebookRepliesGone.has(reviewId);
    if (replyGone) changes.push({ kind: 'reply_vanished', reviewId, reviewerName, rating: now.rating });
    if (now.rating !== review.rating || now.content !== review.content)
      changes.push({
        kind: 'review_edited',
        reviewId,
        reviewerName,
        from: review.ratingAtReply ?? review.rating,
        to: now.rating,
      });
  }
  return changes;
}
