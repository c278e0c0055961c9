import type { WeeklyReviews } from '@shared/schemas/dashboard';

import { WeeklyBarChart } from '@/components/charts/weekly-bar-chart';
import { Spinner } from '@/components/ui/spinner';

/** The amber of the rating stars, as before: the line must not read as a second series of bars. */
const RATING_COLOUR = '#f59e0b';

/**
 * Reviews per week and each week's average rating over the last 13 weeks, with its caption. The chart is a few
 * KB of SVG drawn with the page (components/charts), so its box is the same h-64 as the placeholder shown while
 * the figures load: nothing under it moves when they arrive.
 */
export function WeeklyChart({ weekly }: { weekly: WeeklyReviews[] }) {
  const total = weekly.reduce((sum, week) => sum + week.reviews, 0);
  return (
    <figure className="m-0 grid gap-2">
      <WeeklyBarChart
        className="h-64 w-full text-xs"
        weeks={weekly.map((week) => week.weekStart)}
        bars={[{ name: 'Reviews', color: 'hsl(var(--primary))', values: weekly.map((week) => week.reviews) }]}
        line={{
          name: 'Average rating',
          color: RATING_COLOUR,
          values: weekly.map((week) => week.averageRating),
          max: 5,
          format: (rating) => rating.toFixed(1),
        }}
        tableCaption="Reviews and average rating per week"
      />
      <figcaption className="text-xs text-muted-foreground">
        {total === 1 ? '1 review' : `${total} reviews`} over the last 13 weeks, with each week&apos;s average
        rating.
      </figcaption>
    </figure>
  );
}

export function ChartPlaceholder() {
  return (
    <div className="flex h-64 items-center justify-center text-primary">
      <Spinner label="Loading chart…" />
    </div>
  );
}
