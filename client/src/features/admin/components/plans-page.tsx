import { CreditCard } from 'lucide-react';

import { EmptyState } from '@/components/ui/empty-state';

export function PlansPage() {
  return <EmptyState icon={CreditCard} title="Plans" description="Pricing plans will be managed here." />;
}

export default PlansPage;
