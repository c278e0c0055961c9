import {
  CheckCheck,
  MessageSquareWarning,
  Send,
  Star,
  ThumbsUp,
  type LucideIcon,
  MessagesSquare,
} from 'lucide-react';
import type { ReactNode } from 'react';
import type { DashboardStats } from '@shared/schemas/dashboard';

import { Card } from '@/components/ui/card';

import { RatingBar } from './rating-bar';
import { TrendText } from './trend-text';

interface StatCardProps {
  title: string;
  value: string;
  icon: LucideIcon;
  /** The window the figure covers, said on the card ('all time', 'last 30 days': PRODUCT.md section 8). */
  period: string;
  trend?: string;
  invertTrend?: boolean;
  children?: ReactNode;
}

/** One figure in a card, named by its title for assistive technology (role group). */
export function StatCard({ title, value, icon: Icon, period, trend, invertTrend, children }: StatCardProps) {
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
      {trend !== undefined ? <TrendText trend={trend} invert={invertTrend} /> : null}
    </Card>
  );
}

/** The six stat cards of the dashboard (seed-spec section 2), with real figures (PRODUCT.md section 8). */
export function StatCards({ stats }: { stats: DashboardStats }) {
  const { trends } = stats;
  return (
    <section aria-label="Review statistics" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-3">
      <StatCard
        title="Total Reviews"
        value={String(stats.totalReviews)}
        icon={MessagesSquare}
        period="all time"
        trend={trends.totalReviews}
      />
      <StatCard
        title="Positive Reviews"
        value={String(stats.positiveReviews)}
        icon={ThumbsUp}
        period="all time"
        trend={trends.positiveReviews}
      />
      <StatCard
        title="Review Requests"
        value={String(stats.reviewRequests)}
        icon={Send}
        period="all time"
        trend={trends.reviewRequests}
      />
      <StatCard
        title="Pending Responses"
        value={String(stats.pendingResponses)}
        icon={MessageSquareWarning}
        period="all time"
        trend={trends.pendingResponses}
        invertTrend
      />
      <StatCard
        title="Average Rating"
        value={stats.averageRating.toFixed(1)}
        icon={Star}
        period="all time"
        trend={trends.averageRating}
      >
        <RatingBar fill={(stats.averageRating / 5) * 100} label="Average rating out of 5" />
      </StatCard>
      <StatCard
        title="Response Rate"
        value={`${stats.responseRate}%`}
        icon={CheckCheck}
        period="all time"
        trend={trends.responseRate}
      >
        <RatingBar fill={stats.responseRate} label="Share of reviews responded" />
      </StatCard>
    </section>
  );
}
