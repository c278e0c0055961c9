import { Bug } from 'lucide-react';

import { EmptyState } from '@/components/ui/empty-state';

export function DebugPage() {
  return <EmptyState icon={Bug} title="Debug" description="Diagnostic information will appear here." />;
}

export default DebugPage;
