import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FullPageSpinner } from '@/components/ui/spinner';
import type { SubscriptionOverview } from '@shared/schemas/plans';

import { usePlanOffers, useSubscription } from '../api/get-subscription';

const money = (cents: number, currency: string) =>
  cents === 0
    ? 'Free'
    : `${new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100)} a month`;

const limitText = (limit: number | null, unit: string) =>
  limit === null ? `Unlimited ${unit}` : `${limit} ${unit}`;

/** One limit: how much of it is used, as words and a bar (full and red when reached). */
function UsageBar({ label, used, limit }: { label: string; used: number; limit: number | null }) {
  const share = limit ? Math.min(1, used / limit) : 0;
  return (
    <div className="grid gap-1.5">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-muted-foreground">
          {limit === null ? `${used} (no limit)` : `${used} of ${limit}`}
        </span>
      </div>
      {limit !== null ? (
        <div
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={Math.min(used, limit)}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className={share >= 1 ? 'h-full bg-destructive' : 'h-full bg-primary'}
            style={{ width: `${share * 100}%` }}
          />
        </div>
      ) : null}
    </div>
  );
}

function CurrentPlan({ data }: { data: SubscriptionOverview }) {
  const month = new Date(data.usage.periodStart).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{data.plan.name} plan</CardTitle>
        <CardDescription>{money(data.plan.priceCents, data.plan.currency)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <UsageBar
          label={`Review requests in ${month}`}
          used={data.usage.reviewRequests}
          limit={data.plan.reviewRequestLimit}
        />
        <UsageBar label="Locations" used={data.usage.locations} limit={data.plan.locationsLimit} />
      </CardContent>
    </Card>
  );
}

/** Settings › Plan: the current plan, this month's use of each limit, and the plans on offer (issue 11). */
export function PlanTab() {
  const subscription = useSubscription();
  const offers = usePlanOffers();
  if (subscription.isPending) return <FullPageSpinner label="Loading your plan…" />;
  if (subscription.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {subscription.error.message}
      </p>
    );
  const current = subscription.data;

  return (
    <div className="grid gap-6">
      <CurrentPlan data={current} />
      <Card>
        <CardHeader>
          <CardTitle>Plans</CardTitle>
          <CardDescription>
            Online payment is not set up yet. To change your plan, contact us (see Help) and our team switches
            it for you.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-3 sm:grid-cols-2" aria-label="Plans on offer">
            {(offers.data ?? []).map((plan) => (
              <li key={plan.id} className="grid gap-1 rounded-lg border p-4">
                <div className="flex items-center justify-between gap-2">
                  <span className="font-medium">{plan.name}</span>
                  {plan.id === current.plan.id ? <Badge variant="secondary">Current plan</Badge> : null}
                </div>
                <span className="text-sm">{money(plan.priceCents, plan.currency)}</span>
                <span className="text-sm text-muted-foreground">
                  {limitText(plan.reviewRequestLimit, 'review requests a month')} ·{' '}
                  {limitText(plan.locationsLimit, plan.locationsLimit === 1 ? 'location' : 'locations')}
                </span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
