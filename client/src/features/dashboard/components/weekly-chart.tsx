import { lazy, Suspense } from 'react';
import type { WeeklyReviews } from '@shared/schemas/dashboard';

import { Spinner } from '@/components/ui/spinner';

// recharts stays out of the dashboard chunk: the figures render first, the chart when its chunk arrives.
const DashboardCharts = lazy(() => import('./dashboard-charts'));

/**
 * Reviews per week with its caption. The chart's box has its height before recharts arrives, so the
 * buttons under it do not move when it does (a tap meant for Generate Review Link would land elsewhere).
 */
export function WeeklyChart({ weekly }: { weekly: WeeklyReviews[] }) {
  const total = weekly.reduce((sum, week) => sum + week.reviews, 0);
  return (
    <figure className="m-0 grid gap-2">
      <div className="h-64 w-full text-xs" aria-hidden="true">
        <Suspense fallback={<ChartPlaceholder />}>
          <DashboardCharts weekly={weekly} />
        </Suspense>
      </div>
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
