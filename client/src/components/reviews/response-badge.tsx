import { isResponded } from '@shared/review-state';
import type { Review } from '@shared/reviews';

import { Badge } from '@/components/ui/badge';

import { REVIEW_SOURCE_LABELS } from './review-source';

type BadgeReview = Pick<Review, 'responseContent'> &
  Partial<Pick<Review, 'type' | 'replyPublishState' | 'replyPublishError'>>;

/**
 * What a waiting reply's badge says (issue 41): "Not on Google yet" while it is retried, "Not published:
 * <reason>" once retrying stopped; null when no reply waits.
 */
export function waitingReplyLabel(review: BadgeReview): string | null {
  if (!review.replyPublishState) return null;
  if (review.replyPublishState === 'failed') {
    return `Not published: ${review.replyPublishError ?? 'the site did not take it'}`;
  }
  const site = review.type ? REVIEW_SOURCE_LABELS[review.type] : 'the site';
  return `Not on ${site} yet`;
}

/**
 * Responded (green) when the review has a response, otherwise Not Responded (red): seed-spec section 4. A
 * reply waiting for its site has its own badge (issue 41): it is not where it claims yet.
 */
export function ResponseBadge({ review }: { review: BadgeReview }) {
  const waiting = waitingReplyLabel(review);
  if (waiting) {
    return (
      <Badge variant="warning" className="min-w-0 max-w-full" title={waiting}>
        <span className="truncate">{waiting}</span>
      </Badge>
    );
  }
  return isResponded(review) ? (
    <Badge variant="success">Responded</Badge>
  ) : (
    <Badge variant="destructive">Not Responded</Badge>
  );
}
