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
  trend?: string;
  invertTrend?: boolean;
  children?: ReactNode;
}

/** One figure in a card, named by its title for assistive technology (role group). */
export function StatCard({ title, value, icon: Icon, trend, invertTrend, children }: StatCardProps) {
  return (
    <Card role="group" aria-label={title} className="flex flex-col gap-2 p-5">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium text-muted-foreground">{title}</h3>
        <span className="flex size-8 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Icon className="size-4" aria-hidden="true" />
        </span>
      </div>
      <p className="text-2xl font-semibold tabular-nums" data-testid="stat-value">
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
    <section aria-label="Review statistics" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <StatCard
        title="Total Reviews"
        value={String(stats.totalReviews)}
        icon={MessagesSquare}
        trend={trends.totalReviews}
      />
      <StatCard
        title="Positive Reviews"
        value={String(stats.positiveReviews)}
        icon={ThumbsUp}
        trend={trends.positiveReviews}
      />
      <StatCard
        title="Review Requests"
        value={String(stats.reviewRequests)}
        icon={Send}
        trend={trends.reviewRequests}
      />
      <StatCard
        title="Pending Responses"
        value={String(stats.pendingResponses)}
        icon={MessageSquareWarning}
        trend={trends.pendingResponses}
        invertTrend
      />
      <StatCard
        title="Average Rating"
        value={stats.averageRating.toFixed(1)}
        icon={Star}
        trend={trends.averageRating}
      >
        <RatingBar fill={(stats.averageRating / 5) * 100} label="Average rating out of 5" />
      </StatCard>
      <StatCard
        title="Response Rate"
        value={`${stats.responseRate}%`}
        icon={CheckCheck}
        trend={trends.responseRate}
      >
        <RatingBar fill={stats.responseRate} label="Share of reviews responded" />
      </StatCard>
    </section>
  );
}
