import { ArrowDownRight, ArrowRight, ArrowUpRight, Sparkles } from 'lucide-react';
import { trendDirection } from '@shared/schemas/dashboard';

import { cn } from '@/lib/utils';

interface TrendTextProps {
  /** '+12%', '-5.4%', '0%' or 'new' as the API answers it. */
  trend: string;
  /** The same figure in the period before, as the card shows its own ('4.1', '12', '2 days'). */
  previous: string;
  /** The period's length: the comparison is with the as many days before it. */
  periodDays: number;
  /** For figures where more is worse (response time), a rise reads red. */
  invert?: boolean;
  /** The period has nothing to measure (no review, no reply): no change to speak of. */
  empty?: boolean;
  emptyText?: string;
}

/**
 * A card's comparison said in words (PRODUCT.md section 8): the change against the period before and what
 * the figure was then, coloured by whether the change is good news.
 */
export function TrendText({
  trend,
  previous,
  periodDays,
  invert = false,
  empty = false,
  emptyText = 'No reviews in this period',
}: TrendTextProps) {
  const before = `${previous} the previous ${periodDays} days`;
  if (empty) return <p className="text-xs text-muted-foreground">{emptyText}</p>;
  const direction = trendDirection(trend);
  if (direction === 'new') {
    // Fewer than 5 the period before: a percentage of so few would only alarm or flatter.
    return (
      <p className="flex flex-wrap items-center gap-x-1 text-xs text-muted-foreground">
        <span data-direction="new" className="inline-flex items-center gap-0.5 font-medium text-foreground">
          <Sparkles className="size-3.5" aria-hidden="true" />
          new
        </span>
        <span>{before}, too few to compare</span>
      </p>
    );
  }
  const good = direction === 'flat' ? null : (direction === 'up') !== invert;
  const Icon = direction === 'up' ? ArrowUpRight : direction === 'down' ? ArrowDownRight : ArrowRight;
  return (
    <p className="flex flex-wrap items-center gap-x-1 text-xs text-muted-foreground">
      <span
        data-direction={direction}
        className={cn(
          'inline-flex items-center gap-0.5 font-medium',
          good === true && 'text-green-700 dark:text-green-400',
          good === false && 'text-red-600 dark:text-red-400',
        )}
      >
        <Icon className="size-3.5" aria-hidden="true" />
        {trend}
      </span>
      <span>from {before}</span>
    </p>
  );
}
