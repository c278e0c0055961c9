import { Send } from 'lucide-react';

import { EmptyState } from '@/components/ui/empty-state';
import { useTenant } from '@/lib/tenant';

export function GetReviewsPage() {
  const { clientId } = useTenant();
  return (
    <EmptyState
      icon={Send}
      title="Ask your customers for reviews"
      description={
        clientId
          ? `Send review requests by email, SMS or WhatsApp, or share a QR code. (client #${clientId})`
          : 'Send review requests by email, SMS or WhatsApp, or share a QR code.'
      }
    />
  );
}

export default GetReviewsPage;
