import { CreditCard } from 'lucide-react';

import { EmptyState } from '@/components/ui/empty-state';

export function SubscribePage() {
  return (
    <EmptyState
      icon={CreditCard}
      title="Choose a plan"
      description="Plans and subscriptions will appear here."
    />
  );
}

export default SubscribePage;
