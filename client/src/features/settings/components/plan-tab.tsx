import { Link } from 'wouter';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FullPageSpinner } from '@/components/ui/spinner';
import {
  formatDate,
  limitText,
  planPrice as money,
  useOpenBillingPortal,
  usePlanOffers,
  useSubscription,
} from '@/features/billing';
import { notifyError } from '@/components/ui/notify-error';
import { useTenant } from '@/lib/tenant';
import type { PlanOffer, SubscriptionOverview } from '@shared/plans';

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
        <SubscriptionStatusLine data={data} />
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

/** Where the Stripe subscription stands, in words: active, past due until a date, ending on a date. */
function SubscriptionStatusLine({ data }: { data: SubscriptionOverview }) {
  const sub = data.subscription;
  if (data.limitedToFree)
    return (
      <p role="alert" className="text-sm text-destructive">
        Your last payment failed and the grace period is over: the Free plan's limits apply until a payment
        succeeds. Update your card with Manage billing.
      </p>
    );
  if (!sub || sub.status === 'canceled') return null;
  if (sub.paymentFailedAt)
    return (
      <p role="alert" className="text-sm text-destructive">
        Past due: your last payment failed. Your plan's limits hold until{' '}
        {sub.graceEndsAt ? formatDate(sub.graceEndsAt) : 'the grace period ends'}; update your card with
        Manage billing.
      </p>
    );
  if (sub.cancelAtPeriodEnd)
    return (
      <p className="text-sm text-muted-foreground">
        Cancelled: your plan ends{sub.currentPeriodEnd ? ` on ${formatDate(sub.currentPeriodEnd)}` : ''}, then
        you move to the Free plan.
      </p>
    );
  return (
    <p className="text-sm text-muted-foreground">
      Status: {sub.status === 'active' || sub.status === 'trialing' ? 'active' : sub.status.replace('_', ' ')}
      {sub.currentPeriodEnd ? `, renews on ${formatDate(sub.currentPeriodEnd)}` : ''}.
    </p>
  );
}

const ENDED = new Set(['canceled', 'unpaid', 'incomplete_expired']);

/** What a plan's button does: checkout for a paid plan, the portal (cancel) to go back to free. */
function PlanAction({ plan, current }: { plan: PlanOffer; current: SubscriptionOverview }) {
  if (plan.id === current.plan.id) return null;
  const verb = plan.priceCents > current.plan.priceCents ? 'Upgrade' : 'Downgrade';
  // A live subscription changes in Stripe's portal; a second checkout would bill a second one.
  const subscribed = Boolean(current.subscription && !ENDED.has(current.subscription.status));
  if (plan.stripePriceId && !subscribed)
    return (
      <Button asChild size="sm" className="mt-2 w-fit">
        <Link href={`/checkout/${plan.id}`} aria-label={`${verb} to ${plan.name}`}>
          {verb}
        </Link>
      </Button>
    );
  if (subscribed && current.canManageBilling)
    return (
      <p className="mt-2 text-xs text-muted-foreground">
        {plan.stripePriceId ? 'Switch' : 'Cancel your subscription'} with Manage billing.
      </p>
    );
  return null;
}

/** Settings › Plan: the current plan, this month's use of each limit, and the plans on offer (issue 11). */
export function PlanTab() {
  const { clientId } = useTenant();
  const subscription = useSubscription();
  const offers = usePlanOffers();
  const portal = useOpenBillingPortal();
  if (subscription.isPending) return <FullPageSpinner label="Loading your plan…" />;
  if (subscription.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {subscription.error.message}
      </p>
    );
  const current = subscription.data;
  // Paying is the client's own act; an admin inside the client's area only looks.
  const canPay = current.payments === 'configured' && clientId === undefined;

  return (
    <div className="grid gap-6">
      <CurrentPlan data={current} />
      <Card>
        <CardHeader>
          <CardTitle>Plans</CardTitle>
          <CardDescription>
            {current.payments === 'configured'
              ? 'Upgrade or downgrade at any time. Payments are handled by Stripe.'
              : 'Online payment is not set up yet. To change your plan, contact us (see Help) and our team switches it for you.'}
          </CardDescription>
          {canPay && current.canManageBilling ? (
            <Button
              variant="outline"
              className="mt-2 w-fit"
              pending={portal.isPending}
              pendingLabel="Opening billing…"
              disabled={portal.isSuccess}
              onClick={() => portal.mutate(undefined, { onError: (error) => notifyError(error) })}
            >
              Manage billing
            </Button>
          ) : null}
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
                {canPay ? <PlanAction plan={plan} current={current} /> : null}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
