import type { RatingBreakdown } from '@shared/schemas/insights';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';

import { cn } from '@/lib/utils';

/** One colour per star level, on the spec's rating-bar thresholds (5★/4★ green, 3★ light green, 2★ yellow, 1★ red). */
const STAR_COLOURS = [
  'bg-red-500 dark:bg-red-400',
  'bg-yellow-400 dark:bg-yellow-300',
  'bg-lime-500 dark:bg-lime-400',
  'bg-green-600 dark:bg-green-500',
  'bg-green-700 dark:bg-green-600',
];

export interface BreakdownRowData extends RatingBreakdown {
  key: string;
  label: string;
}

/** Rows of rating distributions: name, count, average and a stacked bar of 1★ to 5★ shares. */
export function RatingBreakdownTable({ caption, rows }: { caption: string; rows: BreakdownRowData[] }) {
  return (
    <Table density="compact">
      <TableCaption className="sr-only">{caption}</TableCaption>
      <TableHeader>
        <TableRow className="text-left text-xs text-muted-foreground">
          <TableHead>Name</TableHead>
          <TableHead className="text-right">Reviews</TableHead>
          <TableHead className="text-right">Average</TableHead>
          <TableHead className="hidden pl-4 sm:table-cell">Ratings (1★ to 5★)</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key} className="border-t">
            <TableHead scope="row" className="pr-2">
              {row.label}
            </TableHead>
            <TableCell className="text-right tabular-nums">{row.total}</TableCell>
            <TableCell className="text-right tabular-nums">{row.averageRating.toFixed(1)}</TableCell>
            <TableCell className="hidden w-1/2 pl-4 sm:table-cell">
              <StackedBar counts={row.counts} total={row.total} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function StackedBar({ counts, total }: { counts: number[]; total: number }) {
  const label = counts.map((count, i) => `${i + 1} star: ${count}`).join(', ');
  return (
    <div role="img" aria-label={label} className="flex h-2.5 w-full overflow-hidden rounded-full bg-muted">
      {counts.map((count, i) =>
        count > 0 ? (
          <div
            key={i}
            className={cn('h-full', STAR_COLOURS[i])}
            style={{ width: `${(count / total) * 100}%` }}
          />
        ) : null,
      )}
    </div>
  );
}
