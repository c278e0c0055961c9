import { ThumbsDown, ThumbsUp } from 'lucide-react';
import type { Review } from '@shared/reviews';

import { cn } from '@/lib/utils';

import { StarRating } from './star-rating';

interface ReviewRatingProps {
  review: Pick<Review, 'rating' | 'recommendation'>;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/**
 * A review's stars, or, for a Facebook recommendation without stars (issue 41), what the reviewer said:
 * "Recommends" or "Doesn't recommend". Its rating is a stand-in (5 or 1), never shown as stars.
 */
export function ReviewRating({ review, size = 'md', className }: ReviewRatingProps) {
  if (!review.recommendation) return <StarRating rating={review.rating} size={size} className={className} />;
  const positive = review.recommendation === 'positive';
  const Icon = positive ? ThumbsUp : ThumbsDown;
  return (
    <span
      data-recommendation={review.recommendation}
      className={cn(
        'inline-flex items-center gap-1 text-xs font-medium whitespace-nowrap',
        positive ? 'text-green-700 dark:text-green-400' : 'text-red-600 dark:text-red-400',
        className,
      )}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {positive ? 'Recommends' : "Doesn't recommend"}
    </span>
  );
}
