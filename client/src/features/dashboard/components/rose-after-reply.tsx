import { TrendingUp } from 'lucide-react';
import { ratingChangeAfterReply, type Review, type RoseAfterReply } from '@shared/reviews';

import { reviewerLabel } from '@/components/reviews/review-source';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * Reviews whose customer raised their rating after the owner's reply (issue 47, item 2): the clearest sign a
 * reply worked. Shown once there is one; each opens the review.
 */
export function RoseAfterReplyCard({
  rose,
  onOpen,
}: {
  rose: RoseAfterReply;
  onOpen: (review: Review) => void;
}) {
  if (rose.count === 0) return null;
  const more = rose.count - rose.reviews.length;
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle id="rose-after-reply-heading" className="flex items-center gap-2 text-base">
          <TrendingUp className="size-4 text-emerald-600" aria-hidden="true" />
          Ratings raised after your reply
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        <p className="text-sm text-muted-foreground">
          {rose.count === 1 ? '1 customer' : `${rose.count} customers`} raised their rating after you
          answered.
        </p>
        <ul aria-labelledby="rose-after-reply-heading" className="-mx-2 grid gap-1">
          {rose.reviews.map((review) => (
            <li key={review.id}>
              <button
                type="button"
                onClick={() => onOpen(review)}
                className="flex min-h-11 w-full items-center justify-between gap-3 rounded-md px-2 py-1.5 text-left text-sm hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span className="truncate font-medium">{reviewerLabel(review.reviewerName)}</span>
                <span className="shrink-0 tabular-nums text-muted-foreground">
                  {ratingChangeAfterReply(review)?.replace(' after your reply', '')}
                </span>
              </button>
            </li>
          ))}
        </ul>
        {more > 0 ? <p className="text-xs text-muted-foreground">And {more} more.</p> : null}
      </CardContent>
    </Card>
  );
}
