import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FullPageSpinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/utils';

import { useSubscription } from '../api/get-subscription';

export function PlanTab() {
  const subscription = useSubscription();
  if (subscription.isPending) return <FullPageSpinner label="Loading your plan…" />;

  // No subscription (or billing not available yet): the free plan.
  const data = subscription.isError ? null : subscription.data;
  const planName = data?.plan?.name ?? data?.planName ?? null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{planName ? `${planName} plan` : 'Free plan'}</CardTitle>
        <CardDescription>
          {planName
            ? 'Your current subscription.'
            : 'You are on the free plan. Paid plans with higher sending limits are coming soon.'}
        </CardDescription>
      </CardHeader>
      {planName ? (
        <CardContent className="grid gap-1 text-sm">
          {data?.status ? <p>Status: {data.status}</p> : null}
          {data?.currentPeriodEnd ? <p>Renews on {formatDate(data.currentPeriodEnd)}</p> : null}
        </CardContent>
      ) : null}
    </Card>
  );
}
