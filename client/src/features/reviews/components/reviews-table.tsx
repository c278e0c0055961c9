import type { Review } from '@shared/reviews';

import { ResponseBadge } from '@/components/reviews/response-badge';
import { REVIEW_SOURCE_LABELS, reviewerLabel } from '@/components/reviews/review-source';
import { ReviewRating } from '@/components/reviews/review-rating';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDate } from '@/lib/utils';

import { ReviewerAvatar } from './reviewer-avatar';

interface ReviewListProps {
  reviews: Review[];
  onView: (review: Review) => void;
  /** Pointing at or focusing a View button starts loading the review's dialog. */
  onPreload?: () => void;
}

const COLUMNS = ['Customer', 'Rating', 'Source', 'Date', 'Status'] as const;

/** The review list on large screens (seed-spec section 2): its empty row reads 'No results'. */
export function ReviewsTable({ reviews, onView, onPreload }: ReviewListProps) {
  return (
    <div className="overflow-x-auto rounded-xl border bg-card">
      <Table>
        <TableHeader className="border-b bg-muted/40 text-left text-muted-foreground">
          <TableRow>
            {COLUMNS.map((column) => (
              <TableHead key={column}>{column}</TableHead>
            ))}
            <TableHead className="text-right" hiddenLabel="Actions" />
          </TableRow>
        </TableHeader>
        <TableBody>
          {reviews.length === 0 ? (
            <TableRow>
              <TableCell colSpan={COLUMNS.length + 1} className="h-24 py-2 text-center text-muted-foreground">
                No results
              </TableCell>
            </TableRow>
          ) : (
            reviews.map((review) => {
              const name = reviewerLabel(review.reviewerName);
              return (
                <TableRow key={review.id} className="border-b last:border-0 hover:bg-muted/30">
                  <TableCell>
                    <div className="flex items-center gap-3">
                      <ReviewerAvatar name={name} />
                      <span className="font-medium">{name}</span>
                    </div>
                  </TableCell>
                  <TableCell>
                    <ReviewRating review={review} size="sm" />
                  </TableCell>
                  <TableCell>
                    <Badge variant="outline">{REVIEW_SOURCE_LABELS[review.type]}</Badge>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
                  </TableCell>
                  <TableCell>
                    <ResponseBadge review={review} />
                  </TableCell>
                  <TableCell className="text-right">
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => onView(review)}
                      onPointerEnter={onPreload}
                      onFocus={onPreload}
                    >
                      View<span className="sr-only"> review from {name}</span>
                    </Button>
                  </TableCell>
                </TableRow>
              );
            })
          )}
        </TableBody>
      </Table>
    </div>
  );
}

/** The same list as cards on small screens (under 768 px). */
export function ReviewCards({ reviews, onView, onPreload }: ReviewListProps) {
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
                <ReviewRating review={review} size="sm" />
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
              <Button
                variant="outline"
                size="sm"
                onClick={() => onView(review)}
                onPointerEnter={onPreload}
                onFocus={onPreload}
              >
                View<span className="sr-only"> review from {name}</span>
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
