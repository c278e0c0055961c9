import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

import type { WeeklyPoint } from '@shared/schemas/admin';

const weekLabel = (week: string) =>
  new Date(`${week}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** Reviews collected and requests sent per week (loaded lazily: recharts is a large chunk). */
export function WeeklyChart({ data }: { data: WeeklyPoint[] }) {
  const requests = data.reduce((sum, week) => sum + week.requests, 0);
  const reviews = data.reduce((sum, week) => sum + week.reviews, 0);
  // The chart is a picture, not a widget: no focus stop; the summary carries its figures for screen readers.
  return (
    <figure className="m-0">
      <div aria-hidden="true">
        <ResponsiveContainer width="100%" height={280}>
          <BarChart
            accessibilityLayer={false}
            data={data}
            margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
          >
            <CartesianGrid strokeDasharray="3 3" className="stroke-border" vertical={false} />
            <XAxis dataKey="week" tickFormatter={weekLabel} fontSize={12} tickLine={false} />
            <YAxis allowDecimals={false} fontSize={12} tickLine={false} />
            <Tooltip
              labelFormatter={(week) => `Week of ${weekLabel(String(week))}`}
              contentStyle={{ background: 'hsl(var(--popover))', color: 'hsl(var(--popover-foreground))' }}
            />
            <Legend />
            <Bar dataKey="requests" name="Requests sent" fill="hsl(217 91% 60%)" radius={[4, 4, 0, 0]} />
            <Bar dataKey="reviews" name="Reviews collected" fill="hsl(142 71% 45%)" radius={[4, 4, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="sr-only">
        {`${requests} requests sent and ${reviews} reviews collected over the last ${data.length} weeks.`}
      </figcaption>
    </figure>
  );
}

export default WeeklyChart;
