import { ArrowDownRight, ArrowRight, ArrowUpRight, Sparkles } from 'lucide-react';
import { trendDirection } from '@shared/schemas/dashboard';

import { cn } from '@/lib/utils';

interface TrendTextProps {
  /** '+12%', '-5.4%', '0%' or 'new' as the API answers it. */
  trend: string;
  /** For figures where more is worse (pending responses), a rise reads red. */
  invert?: boolean;
}

/** A trend against the previous 30 days, coloured by whether the change is good news. */
export function TrendText({ trend, invert = false }: TrendTextProps) {
  const direction = trendDirection(trend);
  if (direction === 'new') {
    // Fewer than 5 the 30 days before: a percentage of so few would only alarm or flatter.
    return (
      <p className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
        <span>Last 30 days</span>
        <span data-direction="new" className="inline-flex items-center gap-0.5 font-medium text-foreground">
          <Sparkles className="size-3.5" aria-hidden="true" />
          new
        </span>
        <span>too few the 30 days before to compare</span>
      </p>
    );
  }
  const good = direction === 'flat' ? null : (direction === 'up') !== invert;
  const Icon = direction === 'up' ? ArrowUpRight : direction === 'down' ? ArrowDownRight : ArrowRight;
  return (
    <p className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
      {/* The change is of the same measure in two 30-day windows, never of the all-time figure above. */}
      <span>Last 30 days</span>
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
      <span>vs previous 30 days</span>
    </p>
  );
}
