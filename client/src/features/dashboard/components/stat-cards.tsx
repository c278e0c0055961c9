import {
  CalendarClock,
  CheckCheck,
  MessageSquareText,
  MessageSquareWarning,
  Send,
  Star,
  ThumbsUp,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import type { DashboardStats } from '@shared/schemas/dashboard';

import { Card } from '@/components/ui/card';

import { RatingBar } from './rating-bar';
import { TrendText } from './trend-text';

const count = new Intl.NumberFormat('en-US');

/** '{n} days' with one decimal ('1 day' for exactly one); a dash when nothing was answered in the window. */
export function formatResponseTime(days: number | null): string {
  if (days === null) return '—';
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

interface StatCardProps {
  title: string;
  value: string;
  icon: LucideIcon;
  /** The window the figure covers, said on the card ('last 30 days', 'waiting now': PRODUCT.md section 8). */
  period: string;
  children?: ReactNode;
}

/** One figure in a card, named by its title for assistive technology (role group). */
export function StatCard({ title, value, icon: Icon, period, children }: StatCardProps) {
  return (
    <Card role="group" aria-label={title} className="flex min-w-0 flex-col gap-1.5 p-3 sm:gap-2 sm:p-5">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-sm font-medium text-muted-foreground">{title}</h3>
          <p className="text-xs text-muted-foreground">{period}</p>
        </div>
        <span className="hidden size-8 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary sm:flex">
          <Icon className="size-4" aria-hidden="true" />
        </span>
      </div>
      <p className="text-xl font-semibold tabular-nums sm:text-2xl" data-testid="stat-value">
        {value}
      </p>
      {children}
    </Card>
  );
}

/** The all-time figure under a period's, with the seed's name for it where the seed had a card of its own. */
function AllTime({ label = 'All time', value }: { label?: string; value: string }) {
  return (
    <p className="mt-auto border-t pt-1.5 text-xs text-muted-foreground" data-testid="all-time">
      {label}: <span className="font-medium tabular-nums text-foreground">{value}</span>
    </p>
  );
}

/**
 * The dashboard's figures (seed-spec section 2, PRODUCT.md section 8), one card per figure: each shows the
 * chosen period and compares it with the period before, and the seed's all-time figure of the same measure
 * sits at its foot (Total Reviews under Recent Reviews, Review Requests under Requests Sent), so no figure has
 * two cards and no card mixes an all-time value with a 30-day change. Pending Responses is a state, not a
 * flow: it counts what waits now.
 */
export function StatCards({ stats }: { stats: DashboardStats }) {
  const { trends, recent, previous, period } = stats;
  const window = `last ${period} days`;
  const compare = { periodDays: period };
  const noReviews = recent.reviews === 0;
  return (
    <section aria-label="Review statistics" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard
        title="Recent Reviews"
        period={window}
        value={count.format(recent.reviews)}
        icon={MessageSquareText}
      >
        <TrendText trend={trends.totalReviews} previous={count.format(previous.reviews)} {...compare} />
        <AllTime label="Total Reviews" value={count.format(stats.totalReviews)} />
      </StatCard>
      <StatCard
        title="Positive Reviews"
        period={window}
        value={count.format(recent.positiveReviews)}
        icon={ThumbsUp}
      >
        <TrendText
          trend={trends.positiveReviews}
          previous={count.format(previous.positiveReviews)}
          {...compare}
        />
        <AllTime value={count.format(stats.positiveReviews)} />
      </StatCard>
      <StatCard
        title="Average Rating"
        period={window}
        value={noReviews ? '—' : recent.averageRating.toFixed(1)}
        icon={Star}
      >
        {noReviews ? null : (
          <RatingBar fill={(recent.averageRating / 5) * 100} label="Average rating out of 5" />
        )}
        <TrendText
          trend={trends.averageRating}
          previous={previous.reviews ? previous.averageRating.toFixed(1) : '—'}
          empty={noReviews}
          {...compare}
        />
        <AllTime value={stats.averageRating.toFixed(1)} />
      </StatCard>
      <StatCard
        title="Response Rate"
        period={`reviews of the ${window}`}
        value={noReviews ? '—' : `${recent.responseRate}%`}
        icon={CheckCheck}
      >
        {noReviews ? null : <RatingBar fill={recent.responseRate} label="Share of reviews responded" />}
        <TrendText
          trend={trends.responseRate}
          previous={previous.reviews ? `${previous.responseRate}%` : '—'}
          empty={noReviews}
          {...compare}
        />
        <AllTime value={`${stats.responseRate}%`} />
      </StatCard>
      <StatCard
        title="Pending Responses"
        period="waiting now"
        value={count.format(stats.pendingResponses)}
        icon={MessageSquareWarning}
      >
        <p className="text-xs text-muted-foreground">
          {count.format(recent.pendingResponses)} of them from the {window}
        </p>
      </StatCard>
      <StatCard
        title="Avg. Response Time"
        period={`replies written in the ${window}`}
        value={formatResponseTime(recent.avgResponseTimeDays)}
        icon={CalendarClock}
      >
        <TrendText
          trend={trends.avgResponseTime}
          previous={formatResponseTime(previous.avgResponseTimeDays)}
          empty={recent.avgResponseTimeDays === null}
          emptyText="No replies in this period"
          invert
          {...compare}
        />
        <p className="text-xs text-muted-foreground">Imported older reviews left out</p>
      </StatCard>
      <StatCard title="Requests Sent" period={window} value={count.format(recent.requestsSent)} icon={Send}>
        <TrendText trend={trends.requestsSent} previous={count.format(previous.requestsSent)} {...compare} />
        {recent.requestsNotSent > 0 ? (
          <p className="text-sm text-amber-700 dark:text-amber-300">
            {count.format(recent.requestsNotSent)} not sent: no provider configured
          </p>
        ) : null}
        <AllTime label="Review Requests" value={count.format(stats.reviewRequests)} />
      </StatCard>
    </section>
  );
}
