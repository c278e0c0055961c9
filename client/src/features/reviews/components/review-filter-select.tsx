import { isReviewFilter, REVIEW_FILTERS, type ReviewFilter } from '@shared/reviews';

import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** The nine filter options of seed-spec section 9, then the replies not on their site yet (issue 41). */
export const REVIEW_FILTER_LABELS: Record<ReviewFilter, string> = {
  all: 'All Reviews',
  positive: 'Positive (4-5 stars)',
  negative: 'Negative (1-3 stars)',
  responded: 'Responded',
  unresponded: 'Not Responded',
  google: 'Google',
  facebook: 'Facebook',
  private: 'Private Feedback',
  video: 'Video Testimonials',
  unpublished: 'Reply not on the site yet',
};

interface ReviewFilterSelectProps {
  value: ReviewFilter;
  onChange: (value: ReviewFilter) => void;
}

export function ReviewFilterSelect({ value, onChange }: ReviewFilterSelectProps) {
  return (
    <Select
      value={value}
      onValueChange={(next) => {
        if (isReviewFilter(next)) onChange(next);
      }}
    >
      <SelectTrigger aria-label="Filter reviews" className="w-full sm:w-56">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {REVIEW_FILTERS.map((filter) => (
          <SelectItem key={filter} value={filter}>
            {REVIEW_FILTER_LABELS[filter]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
