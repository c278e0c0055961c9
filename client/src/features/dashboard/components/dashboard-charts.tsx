import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { WeeklyReviews } from '@shared/schemas/dashboard';

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const weekLabel = (weekStart: string) => shortDate.format(new Date(`${weekStart}T00:00:00Z`));

/**
 * Reviews per week and the week's average rating over the last 13 weeks. Loaded lazily: recharts is the
 * heaviest dependency of the dashboard and the figures above it should not wait for it. It fills the box
 * weekly-chart.tsx keeps for it.
 */
export default function DashboardCharts({ weekly }: { weekly: WeeklyReviews[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 640, height: 256 }}>
      <ComposedChart
        accessibilityLayer={false}
        data={weekly}
        margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
      >
        <CartesianGrid strokeDasharray="3 3" className="stroke-border" vertical={false} />
        <XAxis
          dataKey="weekStart"
          tickFormatter={weekLabel}
          tick={{ fill: 'currentColor' }}
          minTickGap={16}
        />
        <YAxis yAxisId="reviews" allowDecimals={false} tick={{ fill: 'currentColor' }} />
        <YAxis
          yAxisId="rating"
          orientation="right"
          domain={[0, 5]}
          ticks={[0, 1, 2, 3, 4, 5]}
          tick={{ fill: 'currentColor' }}
        />
        <Tooltip
          labelFormatter={(label) => `Week of ${weekLabel(String(label))}`}
          contentStyle={{
            background: 'hsl(var(--popover))',
            border: '1px solid hsl(var(--border))',
            color: 'hsl(var(--popover-foreground))',
          }}
        />
        <Legend />
        <Bar
          yAxisId="reviews"
          dataKey="reviews"
          name="Reviews"
          fill="hsl(var(--primary))"
          radius={[4, 4, 0, 0]}
        />
        <Line
          yAxisId="rating"
          dataKey="averageRating"
          name="Average rating"
          type="monotone"
          stroke="#f59e0b"
          strokeWidth={2}
          connectNulls
          dot={{ r: 3 }}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
