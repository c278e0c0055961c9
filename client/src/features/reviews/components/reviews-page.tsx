import { Star } from 'lucide-react';

import { EmptyState } from '@/components/ui/empty-state';
import { useTenant } from '@/lib/tenant';

export function ReviewsPage() {
  const { clientId } = useTenant();
  return (
    <EmptyState
      icon={Star}
      title="No reviews to show yet"
      description={
        clientId
          ? `Every review you collect or import will be listed here, ready for a reply. (client #${clientId})`
          : 'Every review you collect or import will be listed here, ready for a reply.'
      }
    />
  );
}

export default ReviewsPage;
