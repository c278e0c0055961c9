import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'wouter';
import { REQUEST_METHOD_LABELS } from '@shared/review-requests';

import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/utils';

import { useReviewRequest } from '../api/get-review-requests';
import { RequestActions, RequestTimeline } from './request-details';
import { RequestStatusBadge } from './request-status-badge';

/**
 * The request a notification or a row's Details pointed at (/get-reviews?request=5), shown first and focused,
 * with its timeline and what can be done with it.
 */
export function LinkedRequestCard() {
  const [searchParams, setSearchParams] = useSearchParams();
  const id = Number(searchParams.get('request')) || null;
  const request = useReviewRequest(id);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (request.data) ref.current?.focus();
  }, [request.data]);

  if (id === null) return null;
  if (request.isError)
    return (
      <p role="alert" className="rounded-xl border border-destructive/40 p-4 text-sm text-destructive">
        This review request could not be found.
      </p>
    );
  if (!request.data) return null;
  const r = request.data;
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-label="Review request details"
      className="relative grid gap-2 rounded-xl border-2 border-primary/50 bg-card p-4 pr-12 outline-none"
    >
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-medium">
          {r.method === 'link'
            ? 'One-off review link'
            : `${REQUEST_METHOD_LABELS[r.method]} request to ${r.contactName ?? 'a deleted contact'}`}
        </p>
        <RequestStatusBadge status={r.status} method={r.method} cancelReason={r.cancelReason} />
      </div>
      <p className="text-sm text-muted-foreground">
        {r.locationName ? `${r.locationName} · ` : ''}Created {formatDate(r.createdAt)}
      </p>
      {r.status === 'failed' && r.failureReason ? (
        <p className="text-sm text-destructive">Why it failed: {r.failureReason}</p>
      ) : null}
      <RequestTimeline request={r} />
      <RequestActions request={r} />
      <Button
        variant="ghost"
        size="icon"
        className="absolute right-2 top-2"
        aria-label="Close"
        onClick={() => setSearchParams({}, { replace: true })}
      >
        <X aria-hidden="true" />
      </Button>
    </section>
  );
}
