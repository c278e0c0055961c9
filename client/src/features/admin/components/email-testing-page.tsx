import { Mail } from 'lucide-react';

import { EmptyState } from '@/components/ui/empty-state';

export function EmailTestingPage() {
  return (
    <EmptyState
      icon={Mail}
      title="Email testing"
      description="Send test emails and inspect the outbox here."
    />
  );
}

export default EmailTestingPage;
