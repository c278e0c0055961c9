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
  return (
    <ResponsiveContainer width="100%" height={280}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
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
  );
}

export default WeeklyChart;
