import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight, History, Inbox, QrCode } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'wouter';

import { QrCodeDialog } from '@/components/review-requests';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useIsMobile } from '@/lib/use-mobile';
import { formatDate } from '@/lib/utils';
import { REQUEST_STATUSES, type RequestStatus } from '@shared/schemas/domain';
import {
  REQUEST_METHOD_LABELS,
  REQUEST_PAGE_SIZE,
  REQUEST_STATUS_LABELS,
  type ReviewRequest,
} from '@shared/schemas/review-requests';

import { useReviewRequests } from '../api/get-review-requests';
import { RequestStatusBadge } from './request-status-badge';

/** The date of the furthest step the request reached. */
function lastStepDate(r: ReviewRequest): string | null {
  return r.completedAt ?? r.cancelledAt ?? r.failedAt ?? r.openedAt ?? r.deliveredAt ?? r.sentAt ?? null;
}

/** Who the request is for: its contact, or nobody in particular for a one-off link. */
const recipientOf = (r: ReviewRequest) =>
  r.method === 'link' ? 'One-off link' : (r.contactName ?? 'Deleted contact');

function Status({ request }: { request: ReviewRequest }) {
  return (
    <div className="grid gap-1">
      <RequestStatusBadge status={request.status} method={request.method} />
      {request.status === 'failed' && request.failureReason ? (
        <span className="text-xs text-destructive">{request.failureReason}</span>
      ) : null}
    </div>
  );
}

export function ReviewRequestsList() {
  const isMobile = useIsMobile();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<RequestStatus | 'all'>('all');
  const [qrId, setQrId] = useState<number | null>(null);
  const [, setSearchParams] = useSearchParams();
  const requests = useReviewRequests({
    page,
    pageSize: REQUEST_PAGE_SIZE,
    status: status === 'all' ? undefined : status,
  });
  const rows = requests.data?.rows ?? [];
  const total = requests.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / REQUEST_PAGE_SIZE));
  const from = total === 0 ? 0 : (page - 1) * REQUEST_PAGE_SIZE + 1;
  const to = Math.min(total, page * REQUEST_PAGE_SIZE);

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
                  <Status request={r} />
                </div>
                <div className="flex items-center justify-between text-xs text-muted-foreground">
                  <span>Created {formatDate(r.createdAt)}</span>
                  {rowActions(r)}
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead className="border-b text-left text-muted-foreground">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Contact
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Location
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Method
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Status
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Created
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Updated
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id} className="border-b last:border-0">
                    <td className="py-2 pr-3 font-medium">{recipientOf(r)}</td>
                    <td className="py-2 pr-3">{r.locationName}</td>
                    <td className="py-2 pr-3">{REQUEST_METHOD_LABELS[r.method]}</td>
                    <td className="py-2 pr-3">
                      <Status request={r} />
                    </td>
                    <td className="py-2 pr-3 whitespace-nowrap">{formatDate(r.createdAt)}</td>
                    <td className="py-2 pr-3 whitespace-nowrap">{formatDate(lastStepDate(r))}</td>
                    <td className="py-2 text-right">{rowActions(r)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {total > REQUEST_PAGE_SIZE ? (
          <nav
            aria-label="Pagination"
            className="flex flex-col items-center justify-between gap-2 sm:flex-row"
          >
            <p className="text-sm text-muted-foreground">
              Showing {from} to {to} of {total} results
            </p>
            <div className="flex gap-1">
              <Button
                variant="outline"
                size="icon"
                aria-label="First page"
                disabled={page === 1}
                onClick={() => setPage(1)}
              >
                <ChevronsLeft aria-hidden="true" />
              </Button>
              <Button
                variant="outline"
                size="icon"
                aria-label="Previous page"
                disabled={page === 1}
                onClick={() => setPage(page - 1)}
              >
                <ChevronLeft aria-hidden="true" />
              </Button>
              <Button
                variant="outline"
                size="icon"
                aria-label="Next page"
                disabled={page >= lastPage}
                onClick={() => setPage(page + 1)}
              >
                <ChevronRight aria-hidden="true" />
              </Button>
              <Button
                variant="outline"
                size="icon"
                aria-label="Last page"
                disabled={page >= lastPage}
                onClick={() => setPage(lastPage)}
              >
                <ChevronsRight aria-hidden="true" />
              </Button>
            </div>
          </nav>
        ) : null}
      </CardContent>
      <QrCodeDialog requestId={qrId} open={qrId !== null} onOpenChange={(open) => !open && setQrId(null)} />
    </Card>
  );
}
