import type { Review } from '@shared/schemas/reviews';

import { ResponseBadge } from '@/components/reviews/response-badge';
import { REVIEW_SOURCE_LABELS, reviewerLabel } from '@/components/reviews/review-source';
import { StarRating } from '@/components/reviews/star-rating';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/utils';

import { ReviewerAvatar } from './reviewer-avatar';

interface ReviewListProps {
  reviews: Review[];
  onView: (review: Review) => void;
}

const COLUMNS = ['Customer', 'Rating', 'Source', 'Date', 'Status'] as const;

/** The review list on large screens (seed-spec section 2): its empty row reads 'No results'. */
export function ReviewsTable({ reviews, onView }: ReviewListProps) {
  return (
    <div className="overflow-x-auto rounded-xl border bg-card">
      <table className="w-full text-sm">
        <thead className="border-b bg-muted/40 text-left text-muted-foreground">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-medium">
                {column}
              </th>
            ))}
            <th scope="col" className="px-4 py-3 text-right font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {reviews.length === 0 ? (
            <tr>
              <td colSpan={COLUMNS.length + 1} className="h-24 px-4 text-center text-muted-foreground">
                No results
              </td>
            </tr>
          ) : (
            reviews.map((review) => {
              const name = reviewerLabel(review.reviewerName);
              return (
                <tr key={review.id} className="border-b last:border-0 hover:bg-muted/30">
                  <td className="px-4 py-3">
                    <div className="flex items-center gap-3">
                      <ReviewerAvatar name={name} />
                      <span className="font-medium">{name}</span>
                    </div>
                  </td>
                  <td className="px-4 py-3">
                    <StarRating rating={review.rating} size="sm" />
                  </td>
                  <td className="px-4 py-3">
                    <Badge variant="outline">{REVIEW_SOURCE_LABELS[review.type]}</Badge>
                  </td>
                  <td className="whitespace-nowrap px-4 py-3">
                    <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
                  </td>
                  <td className="px-4 py-3">
                    <ResponseBadge review={review} />
                  </td>
                  <td className="px-4 py-3 text-right">
                    <Button variant="ghost" size="sm" onClick={() => onView(review)}>
                      View<span className="sr-only"> review from {name}</span>
                    </Button>
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The same list as cards on small screens (under 768 px). */
export function ReviewCards({ reviews, onView }: ReviewListProps) {
  return (
    <ul className="grid gap-3" aria-label="Reviews">
      {reviews.map((review) => {
        const name = reviewerLabel(review.reviewerName);
        return (
          <li key={review.id} className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm">
            <div className="flex items-start gap-3">
              <ReviewerAvatar name={name} />
              <div className="grid min-w-0 flex-1 gap-1">
                <p className="truncate font-medium">{name}</p>
                <StarRating rating={review.rating} size="sm" />
              </div>
              <ResponseBadge review={review} />
            </div>
            {review.content ? (
              <p className="line-clamp-3 text-sm text-muted-foreground">{review.content}</p>
            ) : null}
            <div className="flex items-center justify-between gap-2 text-sm">
              <div className="flex items-center gap-2 text-muted-foreground">
                <Badge variant="outline">{REVIEW_SOURCE_LABELS[review.type]}</Badge>
                <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
              </div>
              <Button variant="outline" size="sm" onClick={() => onView(review)}>
                View<span className="sr-only"> review from {name}</span>
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
