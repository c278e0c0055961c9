import { Badge } from '@/components/ui/badge';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import type { ImportResult, ImportRowStatus } from '@shared/schemas/contacts';

const STATUS_VARIANT: Record<ImportRowStatus, 'success' | 'secondary' | 'warning'> = {
  created: 'success',
  updated: 'secondary',
  skipped: 'warning',
};

const STATUS_LABEL: Record<ImportRowStatus, string> = {
  created: 'Created',
  updated: 'Updated',
  skipped: 'Skipped',
};

/** What an import did: the three counts, then each row with its line and, when skipped, why. */
export function ImportReport({ result }: { result: ImportResult }) {
  const skippedFirst = [...result.rows].sort(
    (a, b) => Number(b.status === 'skipped') - Number(a.status === 'skipped') || a.line - b.line,
  );
  const total = result.created + result.updated + result.skipped;

  return (
    <section aria-label="Import report" className="grid gap-4">
      <dl className="grid grid-cols-3 gap-2 text-center">
        {(['created', 'updated', 'skipped'] as const).map((status) => (
          <div key={status} className="rounded-lg border bg-card p-3">
            <dt className="text-xs text-muted-foreground">{STATUS_LABEL[status]}</dt>
            <dd className="text-2xl font-semibold tabular-nums" data-testid={`import-${status}`}>
              {result[status].toLocaleString('en-US')}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted-foreground" role="status">
        {`${result.created} created, ${result.updated} updated, ${result.skipped} skipped of ${total} rows.`}
      </p>
      {skippedFirst.length > 0 ? (
        <div className="max-h-64 overflow-y-auto rounded-lg border">
          <Table className="w-full text-sm">
            <TableCaption className="sr-only">Rows of the file</TableCaption>
            <TableHeader className="sticky top-0 bg-muted text-left text-xs text-muted-foreground">
              <TableRow>
                <TableHead className="px-3 py-2 font-medium">Line</TableHead>
                <TableHead className="px-3 py-2 font-medium">Result</TableHead>
                <TableHead className="px-3 py-2 font-medium">Reason</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {skippedFirst.map((row) => (
                <TableRow key={row.line} className="border-t">
                  <TableCell className="px-3 py-1.5 tabular-nums">{row.line}</TableCell>
                  <TableCell className="px-3 py-1.5">
                    <Badge variant={STATUS_VARIANT[row.status]}>{STATUS_LABEL[row.status]}</Badge>
                  </TableCell>
                  <TableCell className="px-3 py-1.5">{row.reason ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      ) : null}
      {result.truncated ? (
        <p className="text-xs text-muted-foreground">
          Only the first {result.rows.length.toLocaleString('en-US')} rows are listed (skipped rows first);
          the counts above cover the whole file.
        </p>
      ) : null}
    </section>
  );
}
