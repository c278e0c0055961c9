import { createContext, useContext, type ComponentProps } from 'react';

import { cn } from '@/lib/utils';

/**
 * Semantic table parts in the shadcn style. The wrapper scrolls sideways on narrow screens (375 px) so the
 * page itself never does, and there the first column stays in place, so a row scrolled sideways still says
 * whose it is; screens that read better as cards on phones render their own list instead.
 */
const FIRST_COLUMN_FIXED =
  'max-md:[&_tr>:first-child]:sticky max-md:[&_tr>:first-child]:left-0 max-md:[&_tr>:first-child]:z-10 max-md:[&_tr>:first-child]:bg-card max-md:[&_tr>:first-child]:shadow-[inset_-1px_0_0_hsl(var(--border))]';

/**
 * How much room a cell gets: `comfortable` for a screen's main list, `compact` for a small table inside a
 * card or dialog. The cells read it, so a caller passes only what differs (alignment, width, wrapping).
 */
type TableDensity = 'comfortable' | 'compact';

const CELL_PADDING: Record<TableDensity, string> = { comfortable: 'px-4 py-3', compact: 'px-3 py-2' };

const TableDensityContext = createContext<TableDensity>('comfortable');

export function Table({
  className,
  density = 'comfortable',
  ...props
}: ComponentProps<'table'> & { density?: TableDensity }) {
  return (
    <TableDensityContext.Provider value={density}>
      {/* Focusable so a keyboard can scroll a table wider than a phone (WCAG 2.1.1). */}
      <div
        data-slot="table-container"
        tabIndex={0}
        className="relative w-full overflow-x-auto rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <table
          data-slot="table"
          className={cn('w-full caption-bottom text-sm', FIRST_COLUMN_FIXED, className)}
          {...props}
        />
      </div>
    </TableDensityContext.Provider>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return (
    <thead
      data-slot="table-header"
      className={cn('border-b text-left text-muted-foreground', className)}
      {...props}
    />
  );
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody data-slot="table-body" className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr data-slot="table-row" className={cn('border-b transition-colors', className)} {...props} />;
}

export function TableHead({
  className,
  scope = 'col',
  hiddenLabel,
  children,
  ...props
}: ComponentProps<'th'> & {
  /** A name for screen readers only, for a column whose cells say what they are (row actions). */
  hiddenLabel?: string;
}) {
  const padding = CELL_PADDING[useContext(TableDensityContext)];
  return (
    <th
      data-slot="table-head"
      scope={scope}
      className={cn('whitespace-nowrap text-left align-middle font-medium', padding, className)}
      {...props}
    >
      {hiddenLabel ? <span className="sr-only">{hiddenLabel}</span> : null}
      {children}
    </th>
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  const padding = CELL_PADDING[useContext(TableDensityContext)];
  return <td data-slot="table-cell" className={cn('align-middle', padding, className)} {...props} />;
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return (
    <caption
      data-slot="table-caption"
      className={cn('mt-3 text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}
