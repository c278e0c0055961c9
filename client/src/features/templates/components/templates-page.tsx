import { FileText } from 'lucide-react';

import { EmptyState } from '@/components/ui/empty-state';
import { useTenant } from '@/lib/tenant';

export function TemplatesPage() {
  const { clientId } = useTenant();
  return (
    <EmptyState
      icon={FileText}
      title="Message templates"
      description={
        clientId
          ? `The wording of your email, SMS and WhatsApp requests will be managed here. (client #${clientId})`
          : 'The wording of your email, SMS and WhatsApp requests will be managed here.'
      }
    />
  );
}

export default TemplatesPage;
