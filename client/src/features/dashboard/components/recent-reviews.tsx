import { MessageSquareText } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { Review } from '@shared/reviews';

import { ResponseBadge } from '@/components/reviews/response-badge';
import { reviewerLabel } from '@/components/reviews/review-source';
import { ReviewRating } from '@/components/reviews/review-rating';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useTenant } from '@/lib/tenant';
import { formatDate } from '@/lib/utils';

interface RecentReviewsProps {
  reviews: Review[] | undefined;
  isLoading: boolean;
  error: Error | null;
  onOpen: (review: Review) => void;
  /** Starts loading the review dialog's code when the pointer or the focus reaches the list. */
  onPreload?: () => void;
}

/** Rows shown at first, and added by each "Show more". */
export const RECENT_REVIEWS_STEP = 10;

/**
 * The Recent Reviews list: every review the API answers, asked with no page size (seed-spec section 2). It
 * grows with the page rather than scrolling inside its card (a scroll box inside the page traps a thumb and a
 * wheel): the newest ten first, ten more at each "Show more". Rows off screen skip layout and paint
 * (content-visibility), so a long list stays light.
 */
export function RecentReviews({ reviews, isLoading, error, onOpen, onPreload }: RecentReviewsProps) {
  const { routeBase } = useTenant();
  const [shown, setShown] = useState(RECENT_REVIEWS_STEP);
  return (
    <Card className="flex min-w-0 flex-col">
      <CardHeader className="flex-row items-center justify-between gap-2 space-y-0 pb-3">
        <CardTitle id="recent-reviews-heading" className="text-base">
          Recent Reviews
        </CardTitle>
        <Link
          href={`${routeBase}/reviews`}
          className="text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Open Reviews
        </Link>
      </CardHeader>
      <CardContent className="min-h-0 flex-1">
        {isLoading ? (
          <div className="flex justify-center py-10 text-primary">
            <Spinner label="Loading reviews…" />
          </div>
        ) : error ? (
          <p role="alert" className="py-6 text-sm text-destructive">
            {error.message}
          </p>
        ) : !reviews || reviews.length === 0 ? (
          <EmptyState
            icon={MessageSquareText}
            title="No reviews yet"
            description="Send review requests or share your review link, and new reviews will show here."
            className="border-0 py-8"
          />
        ) : (
          <div className="grid gap-3">
            <ul
              aria-labelledby="recent-reviews-heading"
              onPointerEnter={onPreload}
              onFocus={onPreload}
              className="-mx-2 grid gap-1 px-2"
            >
              {reviews.slice(0, shown).map((review) => (
                <RecentReviewRow key={review.id} review={review} onOpen={onOpen} />
              ))}
            </ul>
            {reviews.length > shown ? (
              <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-3">
                <p className="text-xs text-muted-foreground" aria-live="polite">
                  Showing {shown} of {reviews.length}
                </p>
                <Button variant="outline" size="sm" onClick={() => setShown(shown + RECENT_REVIEWS_STEP)}>
                  Show more
                </Button>
              </div>
            ) : null}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * A row opens its review from anywhere on it, but only the reviewer's name is the button: its name then holds
 * all of its visible text (WCAG 2.5.3 Label in Name, issue 44), and the badge, stars, date and excerpt stay
 * plain content a screen reader reads in the list. The button's ::after stretches over the row to take the
 * clicks and draw the focus ring (the "block link" of Inclusive Components' cards).
 */
function RecentReviewRow({ review, onOpen }: { review: Review; onOpen: (review: Review) => void }) {
  const name = reviewerLabel(review.reviewerName);
  return (
    <li className="relative grid gap-1 rounded-lg px-2 py-2.5 transition-colors [contain-intrinsic-size:auto_4.5rem] [content-visibility:auto] hover:bg-accent">
      <span className="flex flex-wrap items-center justify-between gap-2">
        <button
          type="button"
          onClick={() => onOpen(review)}
          className="min-w-0 text-left text-sm font-medium after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-inset focus-visible:after:ring-ring"
        >
          <span className="sr-only">View review from </span>
          <span className="block truncate">{name}</span>
        </button>
        <ResponseBadge review={review} />
      </span>
      {/* A Facebook recommendation has no stars: ReviewRating says what the reviewer said instead. */}
      <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <ReviewRating review={review} size="sm" />
        <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
      </span>
      {review.content ? (
        <span className="line-clamp-2 text-sm text-muted-foreground">{review.content}</span>
      ) : null}
    </li>
  );
}
