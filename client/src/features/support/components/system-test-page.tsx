import { Activity } from 'lucide-react';

import { EmptyState } from '@/components/ui/empty-state';

export function SystemTestPage() {
  return (
    <EmptyState
      icon={Activity}
      title="System test"
      description="Checks of the database, queue and providers will appear here."
    />
  );
}

export default SystemTestPage;
