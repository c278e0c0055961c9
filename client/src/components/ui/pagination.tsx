import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * 'Showing X to Y of Z results' (seed-spec section 9); 0 to 0 of 0 when nothing matches; past the API's
 * bounded count, 'of 10,000+ results'.
 */
export function showingText(page: number, pageSize: number, total: number, capped = false): string {
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = capped ? page * pageSize : Math.min(page * pageSize, total);
  return `Showing ${from} to ${to} of ${capped ? `${total.toLocaleString('en-US')}+` : total} results`;
}

export interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** `total` is a floor (the API's bounded count): more pages follow and the last one is unknown. */
  capped?: boolean;
  onPageChange: (page: number) => void;
  /** The navigation landmark's name; a page with two lists names each one. */
  label?: string;
  className?: string;
}

/** The one pager of every list: the spec's 'Showing X to Y of Z results', first/previous/next/last. */
export function Pagination({
  page,
  pageSize,
  total,
  capped = false,
  onPageChange,
  label = 'Pagination',
  className,
}: PaginationProps) {
  const counted = pageCount(total, pageSize);
  // Past the bounded count the last page is unknown: Next goes on, Last has nowhere to go.
  const last = capped ? Math.max(counted, page + 1) : counted;
  const current = Math.min(page, last);
  const buttons = [
    { label: 'First page', icon: ChevronsLeft, to: 1, disabled: current <= 1 },
    { label: 'Previous page', icon: ChevronLeft, to: current - 1, disabled: current <= 1 },
    { label: 'Next page', icon: ChevronRight, to: current + 1, disabled: current >= last },
    { label: 'Last page', icon: ChevronsRight, to: last, disabled: capped || current >= last },
  ];
  const pageButton = (b: (typeof buttons)[number]) => (
    <Button
      key={b.label}
      variant="outline"
      size="icon"
      aria-label={b.label}
      disabled={b.disabled}
      onClick={() => onPageChange(b.to)}
    >
      <b.icon aria-hidden="true" />
    </Button>
  );
  return (
    <nav
      aria-label={label}
      className={cn('flex flex-col items-center justify-between gap-3 sm:flex-row', className)}
    >
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {showingText(current, pageSize, total, capped)}
      </p>
      <div className="flex items-center gap-1">
        {buttons.slice(0, 2).map(pageButton)}
        <span className="px-2 text-sm tabular-nums">
          Page {current} of {capped ? `${counted.toLocaleString('en-US')}+` : last}
        </span>
        {buttons.slice(2).map(pageButton)}
      </div>
    </nav>
  );
}
