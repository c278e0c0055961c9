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
import type { ImportResult, ImportRowReport, ImportRowStatus } from '@shared/contacts';

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

/** Skipped rows first (to act on), then rows whose phone or email changed (to check), then the rest. */
const rank = (row: ImportRowReport) => (row.status === 'skipped' ? 0 : row.changes ? 1 : 2);

/**
 * What an import did: the three counts, then each row with its line and, when skipped, why; when it replaced
 * an existing contact's phone or email, what it replaced (issue 41: never silently).
 */
export function ImportReport({ result }: { result: ImportResult }) {
  const skippedFirst = [...result.rows].sort((a, b) => rank(a) - rank(b) || a.line - b.line);
  const total = result.created + result.updated + result.skipped;
  const replaced = result.rows.filter((row) => row.changes).length;

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
      {replaced > 0 ? (
        <p className="text-sm text-amber-700 dark:text-amber-300">
          {`${replaced} existing ${replaced === 1 ? 'contact' : 'contacts'} had a phone or email replaced by the file: see the rows below.`}
        </p>
      ) : null}
      {skippedFirst.length > 0 ? (
        <div className="max-h-64 overflow-y-auto rounded-lg border">
          <Table density="compact">
            <TableCaption className="sr-only">Rows of the file</TableCaption>
            <TableHeader className="sticky top-0 bg-muted text-left text-xs text-muted-foreground">
              <TableRow>
                <TableHead>Line</TableHead>
                <TableHead>Result</TableHead>
                <TableHead>Details</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {skippedFirst.map((row) => (
                <TableRow key={row.line} className="border-t">
                  <TableCell className="py-1.5 tabular-nums">{row.line}</TableCell>
                  <TableCell className="py-1.5">
                    <Badge variant={STATUS_VARIANT[row.status]}>{STATUS_LABEL[row.status]}</Badge>
                  </TableCell>
                  <TableCell className="py-1.5 break-words whitespace-normal">
                    {row.changes ? (
                      <ul className="grid gap-0.5">
                        {row.changes.map((change) => (
                          <li key={change}>{change}</li>
                        ))}
                      </ul>
                    ) : (
                      (row.reason ?? '')
                    )}
                  </TableCell>
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
