import { Badge, type BadgeProps } from '@/components/ui/badge';
import type { RequestStatus } from '@shared/schemas/domain';

const VARIANTS: Record<RequestStatus, BadgeProps['variant']> = {
  queued: 'secondary',
  sent: 'default',
  delivered: 'default',
  opened: 'warning',
  completed: 'success',
  failed: 'destructive',
};

/** A request's status as its own word (PRODUCT.md section 4), coloured by how far it got. */
export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  return <Badge variant={VARIANTS[status]}>{status}</Badge>;
}
