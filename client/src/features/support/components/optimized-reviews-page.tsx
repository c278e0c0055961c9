import { Sparkles } from 'lucide-react';

import { EmptyState } from '@/components/ui/empty-state';

export function OptimizedReviewsPage() {
  return (
    <EmptyState
      icon={Sparkles}
      title="Review insights"
      description="Insights drawn from your reviews will appear here."
    />
  );
}

export default OptimizedReviewsPage;
