import { Eye } from 'lucide-react';

import { EmptyState } from '@/components/ui/empty-state';

export function ReviewPreviewPage() {
  return (
    <EmptyState
      icon={Eye}
      title="Review preview"
      description="Preview what your customers see when they leave a review."
    />
  );
}

export default ReviewPreviewPage;
