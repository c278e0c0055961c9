import type { WeeklyPoint } from '@shared/admin';

import { WeeklyBarChart } from '@/components/charts/weekly-bar-chart';

/**
 * Requests sent and reviews collected per week, all clients (a plain SVG chart: components/charts). Its box is
 * the 280 px of the spinner admin-dashboard-page.tsx shows while this module loads.
 */
export function WeeklyChart({ data }: { data: WeeklyPoint[] }) {
  const requests = data.reduce((sum, week) => sum + week.requests, 0);
  const reviews = data.reduce((sum, week) => sum + week.reviews, 0);
  return (
    <figure className="m-0">
      <WeeklyBarChart
        className="h-[280px] w-full text-xs"
        weeks={data.map((week) => week.week)}
        bars={[
          { name: 'Requests sent', color: 'hsl(217 91% 60%)', values: data.map((week) => week.requests) },
          { name: 'Reviews collected', color: 'hsl(142 71% 45%)', values: data.map((week) => week.reviews) },
        ]}
        tableCaption="Requests sent and reviews collected per week"
      />
      <figcaption className="sr-only">
        {`${requests} requests sent and ${reviews} reviews collected over the last ${data.length} weeks.`}
      </figcaption>
    </figure>
  );
}

export default WeeklyChart;
