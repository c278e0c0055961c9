import { useState } from 'react';
import { Controller, type Control } from 'react-hook-form';
import type { WidgetSettingsFormInput, WidgetSettingsInput } from '@shared/schemas/widget';
import { WIDGET_MAX_REVIEWS } from '@shared/widget';

import { Pagination } from '@/components/ui/pagination';

import { usePickableReviews } from '../api/widget-settings';

/** Settings › Widget, "Only reviews I pick": the client's Google and Facebook reviews, a page at a time. */
export function ReviewPicker({
  control,
  error,
}: {
  control: Control<WidgetSettingsFormInput, unknown, WidgetSettingsInput>;
  error?: string;
}) {
  const [page, setPage] = useState(1);
  const reviews = usePickableReviews(page, true);
  return (
    <Controller
      control={control}
      name="reviewIds"
      render={({ field }) => {
        const chosen = field.value as number[];
        const full = chosen.length >= WIDGET_MAX_REVIEWS;
        return (
          <fieldset className="grid gap-3" aria-describedby="widget-picks-count">
            <legend className="mb-1 text-sm font-semibold">Reviews to show</legend>
            <p id="widget-picks-count" className="text-sm text-muted-foreground">
              {chosen.length} of at most {WIDGET_MAX_REVIEWS} chosen.
            </p>
            {error ? (
              <p role="alert" className="text-sm font-medium text-destructive">
                {error}
              </p>
            ) : null}
            {reviews.data && reviews.data.total === 0 ? (
              <p className="text-sm text-muted-foreground">
                No Google or Facebook reviews yet. Connect them in Settings › Integrations.
              </p>
            ) : null}
            <ul className="grid gap-2">
              {reviews.data?.items.map((review) => {
                const checked = chosen.includes(review.id);
                return (
                  <li key={review.id}>
                    <label className="flex items-start gap-3 rounded-md border p-3 text-sm">
                      <input
                        type="checkbox"
                        className="mt-1 size-4 accent-primary"
                        checked={checked}
                        disabled={!checked && full}
                        onChange={(e) =>
                          field.onChange(
                            e.target.checked
                              ? [...chosen, review.id]
                              : chosen.filter((id) => id !== review.id),
                          )
                        }
                      />
                      <span className="grid gap-0.5">
                        <span className="font-medium">
                          {review.reviewerName || 'A customer'}, {review.rating} out of 5 stars on{' '}
                          {review.source === 'google' ? 'Google' : 'Facebook'}
                        </span>
                        <span className="line-clamp-2 text-muted-foreground">
                          {review.content.trim() || 'No text'}
                        </span>
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
            {reviews.data && reviews.data.total > reviews.data.pageSize ? (
              <Pagination
                page={page}
                pageSize={reviews.data.pageSize}
                total={reviews.data.total}
                onPageChange={setPage}
                label="Reviews to pick from"
              />
            ) : null}
          </fieldset>
        );
      }}
    />
  );
}
