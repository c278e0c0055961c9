import { CreditCard } from 'lucide-react';
import { useParams } from 'wouter';

import { EmptyState } from '@/components/ui/empty-state';

export function CheckoutPage() {
  const { planId } = useParams<{ planId: string }>();
  return (
    <EmptyState
      icon={CreditCard}
      title="Checkout"
      description={`You will confirm your subscription to plan ${planId ?? ''} here.`}
    />
  );
}

export default CheckoutPage;
