import { LayoutDashboard } from 'lucide-react';

import { EmptyState } from '@/components/ui/empty-state';

export function AdminDashboardPage() {
  return (
    <EmptyState
      icon={LayoutDashboard}
      title="Admin dashboard"
      description="Platform-wide figures about clients, reviews and messages will appear here."
    />
  );
}

export default AdminDashboardPage;
