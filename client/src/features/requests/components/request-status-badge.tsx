import { Badge, type BadgeProps } from '@/components/ui/badge';
import type { RequestMethod, RequestStatus } from '@shared/domain';
import { requestStatusText } from '@shared/review-requests';

const VARIANTS: Record<RequestStatus, BadgeProps['variant']> = {
  queued: 'secondary',
  sent: 'default',
  outbox: 'warning',
  delivered: 'default',
  opened: 'warning',
  completed: 'success',
  failed: 'destructive',
  cancelled: 'outline',
};

/**
 * A request's status in the words the dashboard uses too, coloured by how far it got; a request kept in the
 * outbox says it was not sent and why, one cancelled for a reason says it ("Cancelled: Reviewed through
 * another request").
 */
export function RequestStatusBadge({
  status,
  method,
  cancelReason,
}: {
  status: RequestStatus;
  method: RequestMethod;
  cancelReason?: string | null;
}) {
  const text = requestStatusText(status, method);
  return (
    <Badge variant={VARIANTS[status]} className="whitespace-normal">
      {status === 'cancelled' && cancelReason ? `${text}: ${cancelReason}` : text}
    </Badge>
  );
}
