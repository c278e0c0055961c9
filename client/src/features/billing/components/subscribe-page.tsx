import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Clock, CreditCard, XCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearch } from 'wouter';

import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FullPageSpinner } from '@/components/ui/spinner';

import { useCancelCheckout, useCheckoutOutcome } from '../api/checkout-outcome';
import { planLimitsText } from '../plan-text';

const backToPlans = (
  <Button asChild variant="outline">
    <Link href="/settings?tab=plan">Go to your plan</Link>
  </Button>
);

/**
 * /subscribe: where Stripe sends the client back. The outcome comes from the server's record (success only
 * once Stripe's signed webhook arrived), never from the URL alone.
 */
export function SubscribePage() {
  const params = new URLSearchParams(useSearch());
  const sessionId = params.get('session_id') ?? undefined;
  if (params.get('cancelled')) return <CancelledCheckout />;
  if (!sessionId)
    return (
      <EmptyState
        icon={CreditCard}
        title="Choose a plan"
        description="Plans and their limits are in Settings › Plan."
        action={backToPlans}
      />
    );
  return <CheckoutOutcomeView sessionId={sessionId} />;
}

function CheckoutOutcomeView({ sessionId }: { sessionId: string }) {
  const outcome = useCheckoutOutcome(sessionId);
  const queryClient = useQueryClient();
  const status = outcome.data?.status;
  useEffect(() => {
    // The plan changed: the Plan tab and the limits must not show the old one.
    if (status === 'success') void queryClient.invalidateQueries({ queryKey: ['/api/subscription'] });
  }, [status, queryClient]);

  if (outcome.isPending) return <FullPageSpinner label="Checking your payment…" />;
  if (outcome.isError)
    return (
      <EmptyState
        icon={XCircle}
        title="We could not find this checkout"
        description={outcome.error.message}
        action={backToPlans}
      />
    );
  const { plan } = outcome.data;
  if (status === 'success')
    return (
      <EmptyState
        icon={CheckCircle2}
        title={`You're on the ${plan.name} plan`}
        description={`Thank you! Your plan now includes ${planLimitsText(plan)}.`}
        action={backToPlans}
      />
    );
  if (status === 'pending')
    return (
      <div role="status" aria-live="polite">
        <EmptyState
          icon={Clock}
          title="Confirming your payment…"
          description={`Stripe has not confirmed your ${plan.name} subscription yet. This page updates by itself.`}
        />
      </div>
    );
  return (
    <EmptyState
      icon={XCircle}
      title="Checkout cancelled"
      description={`Nothing was charged and your plan did not change. You can subscribe to ${plan.name} any time.`}
      action={backToPlans}
    />
  );
}

function CancelledCheckout() {
  const cancel = useCancelCheckout();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    cancel.mutate();
  }, [cancel]);
  return (
    <EmptyState
      icon={XCircle}
      title="Checkout cancelled"
      description="Nothing was charged and your plan did not change."
      action={backToPlans}
    />
  );
}

export default SubscribePage;
