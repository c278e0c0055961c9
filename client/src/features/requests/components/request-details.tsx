import { Ban, RefreshCw, Send } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { formatDate } from '@/lib/utils';
import {
  REQUEST_EVENT_LABELS,
  canCancel,
  canResend,
  canRetry,
  type ReviewRequest,
  type ReviewRequestDetail,
} from '@shared/review-requests';

import { useRequestAction, type RequestAction } from '../api/request-actions';

const ACTION_DONE: Record<RequestAction, string> = {
  retry: 'The request is queued to be sent again.',
  cancel: 'The request is cancelled: nothing more is sent.',
  resend: 'A new request with a new link is queued. The old link still works until it is used.',
};

/** Send again (failed or kept in the outbox), cancel (not reviewed yet), resend with a new link. */
export function RequestActions({ request }: { request: ReviewRequest }) {
  const action = useRequestAction();
  const run = (name: RequestAction) =>
    action.mutate(
      { id: request.id, action: name },
      {
        onSuccess: () => toast({ title: 'Done', description: ACTION_DONE[name] }),
        onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
      },
    );
  const busy = action.isPending;
  if (!canRetry(request) && !canCancel(request) && !canResend(request)) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {canRetry(request) ? (
        <Button size="sm" onClick={() => run('retry')} disabled={busy}>
          <RefreshCw aria-hidden="true" />
          Send again
        </Button>
      ) : null}
      {canResend(request) ? (
        <Button size="sm" variant="outline" onClick={() => run('resend')} disabled={busy}>
          <Send aria-hidden="true" />
          Resend with a new link
        </Button>
      ) : null}
      {canCancel(request) ? (
        <Button size="sm" variant="outline" onClick={() => run('cancel')} disabled={busy}>
          <Ban aria-hidden="true" />
          Cancel request
        </Button>
      ) : null}
      {busy ? <Spinner size="sm" label="Working…" /> : null}
    </div>
  );
}

/** Every step of the request, oldest first: created, waiting for the morning, sent, reminders, opened... */
export function RequestTimeline({ request }: { request: ReviewRequestDetail }) {
  if (request.events.length === 0) return null;
  return (
    <ol aria-label="Timeline" className="grid gap-2 border-l pl-4">
      {request.events.map((event, i) => (
        <li key={i} className="relative text-sm">
          <span aria-hidden="true" className="absolute -left-[21px] top-1.5 size-2 rounded-full bg-primary" />
          <span className="font-medium">{REQUEST_EVENT_LABELS[event.kind]}</span>
          <span className="text-muted-foreground"> · {formatDate(event.createdAt)}</span>
          {event.detail ? <p className="break-words text-muted-foreground">{event.detail}</p> : null}
        </li>
      ))}
    </ol>
  );
}
