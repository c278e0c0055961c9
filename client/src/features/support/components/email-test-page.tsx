import { Mail } from 'lucide-react';

import { EmptyState } from '@/components/ui/empty-state';

export function EmailTestPage() {
  return (
    <EmptyState icon={Mail} title="Email test" description="Send yourself a test review request here." />
  );
}

export default EmailTestPage;
