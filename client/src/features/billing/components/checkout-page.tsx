import { CreditCard } from 'lucide-react';
import { Link, useParams } from 'wouter';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { FullPageSpinner } from '@/components/ui/spinner';
import { notifyError } from '@/components/ui/notify-error';

import { usePlans } from '../api/get-plans';
import { useSubscription } from '../api/get-subscription';
import { useStartCheckout } from '../api/start-checkout';
import { planLimitsText, planPrice } from '../plan-text';

/** /checkout/{planId}: the plan, then Stripe's Checkout page for it (issue 11). */
export function CheckoutPage() {
  const { planId } = useParams<{ planId: string }>();
  const plans = usePlans();
  const subscription = useSubscription();
  const checkout = useStartCheckout();
  if (plans.isPending || subscription.isPending) return <FullPageSpinner label="Loading the plan…" />;
  // Without Stripe on this server, "Continue to payment" could only fail (issue 43): say how plans change.
  const canPay = subscription.data?.payments !== 'not_configured';
  const plan = plans.data?.find((p) => String(p.id) === planId);
  if (!plan)
    return (
      <EmptyState
        icon={CreditCard}
        title="This plan is not on offer"
        description="It may have been withdrawn. Choose another in Settings › Plan."
        action={
          <Button asChild variant="outline">
            <Link href="/settings?tab=plan">See the plans</Link>
          </Button>
        }
      />
    );

  const busy = checkout.isPending || checkout.isSuccess;
  return (
    <div className="mx-auto grid w-full max-w-lg gap-4">
      <Card>
        <CardHeader>
          <CardTitle>{plan.name} plan</CardTitle>
          <CardDescription>{planPrice(plan.priceCents, plan.currency)}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2 text-sm">
          <p>{planLimitsText(plan)}</p>
          {plan.features.length > 0 ? (
            <ul className="list-disc pl-5 text-muted-foreground">
              {plan.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
          ) : null}
          <p className="text-muted-foreground">
            {canPay
              ? "You pay on Stripe's secure page. Your plan changes as soon as Stripe confirms the payment."
              : "Online payment isn't set up on this server. To change your plan, contact us (see Help) and our team switches it for you."}
          </p>
        </CardContent>
        <CardFooter className="flex flex-wrap gap-2">
          {canPay ? (
            <Button
              pending={busy}
              pendingLabel="Opening payment…"
              onClick={() => checkout.mutate(plan.id, { onError: (error) => notifyError(error) })}
            >
              Continue to payment
            </Button>
          ) : null}
          <Button asChild variant="outline">
            <Link href="/settings?tab=plan">Back to plans</Link>
          </Button>
        </CardFooter>
      </Card>
    </div>
  );
}

export default CheckoutPage;
