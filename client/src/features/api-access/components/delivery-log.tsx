import type { WebhookDelivery } from '@shared/schemas/api-access';

import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { formatTimeAgo } from '@/lib/utils';

import { useWebhookDeliveries } from '../api/get-webhook-deliveries';

function statusOf(delivery: WebhookDelivery) {
  if (delivery.status === 'delivered') return <Badge variant="success">Delivered</Badge>;
  if (delivery.status === 'failed') return <Badge variant="destructive">Failed</Badge>;
  return <Badge variant="warning">{delivery.attempts === 0 ? 'Queued' : 'Retrying'}</Badge>;
}

/** The last deliveries to one endpoint: what was sent, how the endpoint answered, when it is retried. */
export function DeliveryLog({ endpointId }: { endpointId: number }) {
  const deliveries = useWebhookDeliveries(endpointId);
  if (deliveries.isPending) return <Spinner label="Loading the delivery log…" />;
  if (deliveries.isError) return <p className="text-sm text-destructive">{deliveries.error.message}</p>;
  if (deliveries.data.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        Nothing sent yet. Send a test event to try the endpoint.
      </p>
    );
  return (
    <ul className="grid gap-1.5 text-sm" aria-label="Delivery log">
      {deliveries.data.map((delivery) => (
        <li key={delivery.id} className="grid gap-0.5 rounded border px-2 py-1.5">
          <span className="flex flex-wrap items-center gap-2">
            {statusOf(delivery)}
            <code className="text-xs">{delivery.event}</code>
            <span className="text-xs text-muted-foreground">{formatTimeAgo(delivery.createdAt)}</span>
          </span>
          <span className="text-xs text-muted-foreground">
            {delivery.attempts === 1 ? '1 attempt' : `${delivery.attempts} attempts`}
            {delivery.responseStatus !== null ? ` · answered ${delivery.responseStatus}` : ''}
            {delivery.lastError ? ` · ${delivery.lastError}` : ''}
            {delivery.nextAttemptAt && delivery.attempts > 0
              ? ` · next try ${new Date(delivery.nextAttemptAt).toLocaleTimeString()}`
              : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}
