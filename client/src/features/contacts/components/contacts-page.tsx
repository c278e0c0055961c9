import { Users } from 'lucide-react';

import { EmptyState } from '@/components/ui/empty-state';
import { useTenant } from '@/lib/tenant';

export function ContactsPage() {
  const { clientId } = useTenant();
  return (
    <EmptyState
      icon={Users}
      title="No contacts yet"
      description={
        clientId
          ? `Add or import the customers you want to ask for a review. (client #${clientId})`
          : 'Add or import the customers you want to ask for a review.'
      }
    />
  );
}

export default ContactsPage;
