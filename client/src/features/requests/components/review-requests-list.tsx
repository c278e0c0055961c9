import { History, Inbox, QrCode } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'wouter';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Pagination } from '@/components/ui/pagination';
import { DialogLoading, Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useIsMobile } from '@/lib/use-mobile';
import { formatDate } from '@/lib/utils';
import { useOpenedOnce } from '@/lib/use-opened-once';
import { REQUEST_STATUSES, type RequestStatus } from '@shared/domain';
import {
  REQUEST_METHOD_LABELS,
  REQUEST_PAGE_SIZE,
  REQUEST_STATUS_LABELS,
  type ReviewRequest,
} from '@shared/review-requests';

import { useReviewRequests } from '../api/get-review-requests';
import { RequestStatusBadge } from './request-status-badge';

// A request's QR code and history load when first asked for, not with the list.
const QrCodeDialog = lazy(() => import('./qr-code-dialog').then((m) => ({ default: m.QrCodeDialog })));

/** The date of the furthest step the request reached. */
function lastStepDate(r: ReviewRequest): string | null {
  return r.completedAt ?? r.cancelledAt ?? r.failedAt ?? r.openedAt ?? r.deliveredAt ?? r.sentAt ?? null;
}

/** Who the request is for: its contact, or nobody in particular for a one-off link. */
const recipientOf = (r: ReviewRequest) =>
  r.method === 'link' ? 'One-off link' : (r.contactName ?? 'Deleted contact');

/** Why a failed request failed, in the provider's words. */
function FailureReason({ request }: { request: ReviewRequest }) {
  return request.status === 'failed' && request.failureReason ? (
    <span className="text-xs text-destructive">{request.failureReason}</span>
  ) : null;
}

function Status({ request }: { request: ReviewRequest }) {
  return (
    <div className="grid gap-1">
      <RequestStatusBadge
        status={request.status}
        method={request.method}
        cancelReason={request.cancelReason}
      />
      <FailureReason request={request} />
    </div>
  );
}

export function ReviewRequestsList() {
  const isMobile = useIsMobile();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<RequestStatus | 'all'>('all');
  const [qrId, setQrId] = useState<number | null>(null);
  const qrMounted = useOpenedOnce(qrId !== null);
  const [, setSearchParams] = useSearchParams();
  const requests = useReviewRequests({
    page,
    pageSize: REQUEST_PAGE_SIZE,
    status: status === 'all' ? undefined : status,
  });
  const rows = requests.data?.rows ?? [];
  const total = requests.data?.total ?? 0;

  const rowActions = (r: ReviewRequest) => (
    <div className="flex justify-end gap-1">
      <Button
        variant="ghost"
        size="sm"
        onClick={() => {
          setSearchParams({ request: String(r.id) });
          window.scrollTo({ top: 0 });
        }}
        aria-label={`Details of the request to ${recipientOf(r)}`}
      >
        <History aria-hidden="true" />
        Details
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setQrId(r.id)}
        aria-label={`QR code for ${r.contactName ?? 'request'}`}
      >
        <QrCode aria-hidden="true" />
        QR
      </Button>
    </div>
  );

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle className="text-base">Review requests</CardTitle>
          <CardDescription>Every request you sent and where it is now.</CardDescription>
        </div>
        <div className="w-full sm:w-44">
          <label htmlFor="request-status-filter" className="sr-only">
            Filter by status
          </label>
          <Select
            value={status}
            onValueChange={(value) => {
              setStatus(value as RequestStatus | 'all');
              setPage(1);
            }}
          >
            <SelectTrigger id="request-status-filter">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">All statuses</SelectItem>
              {REQUEST_STATUSES.map((s) => (
                <SelectItem key={s} value={s}>
                  {REQUEST_STATUS_LABELS[s]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {requests.isPending ? (
          <div className="flex justify-center py-10 text-primary">
            <Spinner label="Loading review requests…" />
          </div>
        ) : requests.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {requests.error.message}
          </p>
        ) : rows.length === 0 ? (
          <EmptyState
            icon={Inbox}
            title="No review requests yet"
            description="Requests you send appear here with their status."
          />
        ) : isMobile ? (
          <ul className="grid gap-3" aria-label="Review requests">
            {rows.map((r) => (
              <li key={r.id} className="grid gap-2 rounded-lg border p-3">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="truncate font-medium">{recipientOf(r)}</p>
                    <p className="truncate text-sm text-muted-foreground">
                      {r.locationName} · {REQUEST_METHOD_LABELS[r.method]}
                    </p>
                  </div>
                  {/* A block, not a grid: it gives way to a long name down to its longest word, no further. */}
                  <div>
                    <RequestStatusBadge status={r.status} method={r.method} cancelReason={r.cancelReason} />
                  </div>
                </div>
                <FailureReason request={r} />
                <div className="flex items-center justify-between text-xs text-muted-foreground">
                  <span>Created {formatDate(r.createdAt)}</span>
                  {rowActions(r)}
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <div className="overflow-x-auto">
            <Table density="compact">
              <TableHeader>
                <TableRow>
                  <TableHead>Contact</TableHead>
                  <TableHead>Location</TableHead>
                  <TableHead>Method</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Created</TableHead>
                  <TableHead>Updated</TableHead>
                  <TableHead hiddenLabel="Actions" />
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.id} className="border-b last:border-0">
                    <TableCell className="font-medium">{recipientOf(r)}</TableCell>
                    <TableCell>{r.locationName}</TableCell>
                    <TableCell>{REQUEST_METHOD_LABELS[r.method]}</TableCell>
                    <TableCell>
                      <Status request={r} />
                    </TableCell>
                    <TableCell className="whitespace-nowrap">{formatDate(r.createdAt)}</TableCell>
                    <TableCell className="whitespace-nowrap">{formatDate(lastStepDate(r))}</TableCell>
                    <TableCell className="text-right">{rowActions(r)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
        {total > REQUEST_PAGE_SIZE ? (
          <Pagination page={page} pageSize={REQUEST_PAGE_SIZE} total={total} onPageChange={setPage} />
        ) : null}
      </CardContent>
      {qrMounted ? (
        <Suspense fallback={<DialogLoading />}>
          <QrCodeDialog
            requestId={qrId}
            open={qrId !== null}
            onOpenChange={(open) => !open && setQrId(null)}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
