import { Building2 } from 'lucide-react';

import { EmptyState } from '@/components/ui/empty-state';

export function ClientsPage() {
  return (
    <EmptyState
      icon={Building2}
      title="Clients"
      description="Client accounts will be listed and managed here."
    />
  );
}

export default ClientsPage;
