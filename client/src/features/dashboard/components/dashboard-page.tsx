import { LayoutDashboard } from 'lucide-react';

import { EmptyState } from '@/components/ui/empty-state';
import { useTenant } from '@/lib/tenant';

export function DashboardPage() {
  const { clientId } = useTenant();
  return (
    <EmptyState
      icon={LayoutDashboard}
      title="Your dashboard is on its way"
      description={
        clientId
          ? `Review totals, ratings and quick actions will appear here. (client #${clientId})`
          : 'Review totals, ratings and quick actions will appear here.'
      }
    />
  );
}

export default DashboardPage;
