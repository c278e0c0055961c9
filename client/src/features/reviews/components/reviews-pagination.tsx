import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';

import { Button } from '@/components/ui/button';

interface ReviewsPaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** `total` is a floor (the API's bounded count): more pages follow and the last one is unknown. */
  capped?: boolean;
  onPageChange: (page: number) => void;
}

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

export function ReviewsPagination({
  page,
  pageSize,
  total,
  capped = false,
  onPageChange,
}: ReviewsPaginationProps) {
  const counted = pageCount(total, pageSize);
  // Past the bounded count the last page is unknown: Next goes on, Last has nowhere to go.
  const last = capped ? Math.max(counted, page + 1) : counted;
  return (
    <nav aria-label="Pagination" className="flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {showingText(page, pageSize, total, capped)}
      </p>
      <div className="flex items-center gap-1">
        <Button
          variant="outline"
          size="icon"
          aria-label="First page"
          disabled={page <= 1}
          onClick={() => onPageChange(1)}
        >
          <ChevronsLeft aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label="Previous page"
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <span className="px-2 text-sm tabular-nums">
          Page {Math.min(page, last)} of {capped ? `${counted.toLocaleString('en-US')}+` : last}
        </span>
        <Button
          variant="outline"
          size="icon"
          aria-label="Next page"
          disabled={page >= last}
          onClick={() => onPageChange(page + 1)}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label="Last page"
          disabled={capped || page >= last}
          onClick={() => onPageChange(last)}
        >
          <ChevronsRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
