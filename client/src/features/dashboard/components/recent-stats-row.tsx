import { CalendarClock, MessageSquareText, Send, Star } from 'lucide-react';
import type { DashboardStats } from '@shared/schemas/dashboard';

import { StatCard } from './stat-cards';

/** '{n} days' with one decimal ('1 day' for exactly one); a dash when nothing was answered in the window. */
export function formatResponseTime(days: number | null): string {
  if (days === null) return '—';
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/** The statistics row: four cards over the last 30 days (seed-spec section 2). */
export function RecentStatsRow({ recent }: { recent: DashboardStats['recent'] }) {
  return (
    <section aria-labelledby="last-30-days-heading" className="grid gap-3">
      <h2 id="last-30-days-heading" className="text-base font-semibold">
        Last 30 days
      </h2>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard
          title="Recent Reviews"
          period="last 30 days"
          value={String(recent.reviews)}
          icon={MessageSquareText}
        />
        <StatCard
          title="Average Rating"
          period="last 30 days"
          value={recent.averageRating.toFixed(1)}
          icon={Star}
        />
        <StatCard
          title="Avg. Response Time"
          period="replies written in the last 30 days"
          value={formatResponseTime(recent.avgResponseTimeDays)}
          icon={CalendarClock}
        >
          <p className="text-xs text-muted-foreground">Imported older reviews left out</p>
        </StatCard>
        <StatCard title="Requests Sent" period="last 30 days" value={String(recent.requestsSent)} icon={Send}>
          {recent.requestsNotSent > 0 ? (
            <p className="text-sm text-amber-700 dark:text-amber-300">
              {recent.requestsNotSent} not sent: no provider configured
            </p>
          ) : null}
        </StatCard>
      </div>
    </section>
  );
}
