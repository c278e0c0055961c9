import { isResponded } from '@shared/review-state';
import type { Review } from '@shared/schemas/reviews';

import { Badge } from '@/components/ui/badge';

/** Responded (green) when the review has a response, otherwise Not Responded (red): seed-spec section 4. */
export function ResponseBadge({ review }: { review: Pick<Review, 'responseContent'> }) {
  return isResponded(review) ? (
    <Badge variant="success">Responded</Badge>
  ) : (
    <Badge variant="destructive">Not Responded</Badge>
  );
}
