import { Star } from 'lucide-react';

import { cn } from '@/lib/utils';

/** The star display has five stars (seed-spec section 9). */
export const STAR_COUNT = 5;

const SIZES = { sm: 'size-3.5', md: 'size-4', lg: 'size-6' } as const;

interface StarRatingProps {
  rating: number;
  size?: keyof typeof SIZES;
  className?: string;
}

/** Five stars, the first `rating` filled; read out as "Rated N out of 5". */
export function StarRating({ rating, size = 'md', className }: StarRatingProps) {
  const filled = Math.max(0, Math.min(STAR_COUNT, Math.round(rating)));
  return (
    <span
      role="img"
      aria-label={`Rated ${filled} out of ${STAR_COUNT}`}
      className={cn('inline-flex items-center gap-0.5', className)}
    >
      {Array.from({ length: STAR_COUNT }, (_, i) => (
        <Star
          key={i}
          aria-hidden="true"
          data-filled={i < filled}
          className={cn(
            SIZES[size],
            i < filled ? 'fill-amber-400 text-amber-400' : 'fill-transparent text-muted-foreground/40',
          )}
        />
      ))}
    </span>
  );
}
