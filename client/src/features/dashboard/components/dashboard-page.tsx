import { Suspense, useState } from 'react';
import { useOpenedOnce } from '@/lib/use-opened-once';
import type { Review } from '@shared/reviews';

import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DialogLoading } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';

import { useDashboardCharts } from '../api/get-dashboard-charts';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { useGettingStarted } from '../api/get-getting-started';
import { useRecentReviews } from '../api/get-recent-reviews';
import { useRoseAfterReply } from '../api/get-rose-after-reply';
import { useDashboardPeriod } from '../hooks/use-dashboard-period';
import { DashboardSkeleton } from './dashboard-skeleton';
import { GettingStarted } from './getting-started';
import {
  CreateReviewRequestDialog,
  GenerateLinkDialog,
  preloadRequestDialogs,
  preloadReviewDialog,
  ReviewDetailsDialog,
} from './lazy-dialogs';
import { PeriodPicker } from './period-picker';
import { QuickActions } from './quick-actions';
import { RatingDistribution } from './rating-distribution';
import { RecentReviews } from './recent-reviews';
import { RoseAfterReplyCard } from './rose-after-reply';
import { StatCards } from './stat-cards';
import { ChartPlaceholder, WeeklyChart } from './weekly-chart';

/** The client's dashboard (seed-spec section 2 "Dashboard"), real figures (PRODUCT.md section 8). */
export function DashboardPage() {
  const [period, setPeriod] = useDashboardPeriod();
  const stats = useDashboardStats(period);
  const charts = useDashboardCharts();
  const reviews = useRecentReviews();
  const rose = useRoseAfterReply();
  const gettingStarted = useGettingStarted(stats.data?.reviewRequests);
  const [selected, setSelected] = useState<Review | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [requestOpen, setRequestOpen] = useState(false);
  const [linkOpen, setLinkOpen] = useState(false);
  // Each dialog's code loads on first use (lazy-dialogs.tsx); once there it stays mounted, so it closes
  // with its animation and keeps its state (the request dialog's QR step outlives the form).
  const detailsMounted = useOpenedOnce(detailsOpen);
  const requestMounted = useOpenedOnce(requestOpen);
  const openRequestDialog = () => setRequestOpen(true);

  const openReview = (review: Review) => {
    setSelected(review);
    setDetailsOpen(true);
  };

  // One paint when every part above the buttons has answered: the first steps or the chart arriving later
  // would push the buttons down under a thumb about to tap them.
  if (stats.isLoading || charts.isLoading || gettingStarted.isLoading || rose.isLoading)
    return <DashboardSkeleton />;
  if (stats.error || !stats.data) {
    return (
      <p role="alert" className="rounded-lg border border-destructive/40 p-4 text-sm text-destructive">
        {stats.error?.message ?? 'Failed to load the dashboard.'}
      </p>
    );
  }

  const quickActions = (
    <QuickActions
      onCreateRequest={openRequestDialog}
      onGenerateLink={() => setLinkOpen(true)}
      onPreload={preloadRequestDialogs}
    />
  );
  // A new account has no figure to show yet: its first steps, and the buttons that take them, instead of a
  // wall of zeros.
  const isNew = stats.data.totalReviews === 0 && stats.data.reviewRequests === 0;

  return (
    <div className="grid gap-6">
      {isNew ? (
        <>
          <GettingStarted steps={gettingStarted.steps} dismissible={false} />
          <div className="grid gap-6 lg:grid-cols-3">
            <p className="rounded-xl border border-dashed bg-card p-6 text-sm text-muted-foreground lg:col-span-2">
              Your figures show here once the first reviews and requests come in: reviews, ratings, response
              times and requests, each against the period before.
            </p>
            {quickActions}
          </div>
        </>
      ) : (
        <>
          <GettingStarted steps={gettingStarted.steps} />
          <section aria-labelledby="period-heading" className="grid gap-3">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="period-heading" className="text-base font-semibold">
                Last {stats.data.period} days
              </h2>
              <PeriodPicker period={period} onChange={setPeriod} />
            </div>
            <div aria-busy={stats.isPlaceholderData} className={cn(stats.isPlaceholderData && 'opacity-60')}>
              <StatCards stats={stats.data} />
            </div>
          </section>

          <div className="grid gap-6 lg:grid-cols-3">
            <Card className="min-w-0 lg:col-span-2">
              <CardHeader className="pb-3">
                <CardTitle className="text-base">Reviews per week</CardTitle>
              </CardHeader>
              <CardContent>
                {charts.data ? (
                  <WeeklyChart weekly={charts.data.weekly} />
                ) : charts.error ? (
                  <p role="alert" className="text-sm text-destructive">
                    {charts.error.message}
                  </p>
                ) : (
                  <ChartPlaceholder />
                )}
              </CardContent>
            </Card>
            <div className="grid content-start gap-6">
              {quickActions}
              {charts.data ? <RatingDistribution distribution={charts.data.distribution} /> : null}
              {rose.data ? <RoseAfterReplyCard rose={rose.data} onOpen={openReview} /> : null}
            </div>
          </div>

          <RecentReviews
            reviews={reviews.data}
            isLoading={reviews.isLoading}
            error={reviews.error}
            onOpen={openReview}
            onPreload={preloadReviewDialog}
          />
        </>
      )}

      <Suspense fallback={<DialogLoading />}>
        {detailsMounted ? (
          <ReviewDetailsDialog review={selected} open={detailsOpen} onOpenChange={setDetailsOpen} />
        ) : null}
        {/* Creating a request opens the QR dialog for the new request (seed-spec section 2). */}
        {requestMounted ? (
          <CreateReviewRequestDialog open={requestOpen} onOpenChange={setRequestOpen} />
        ) : null}
        {/* Unmounted when closed: each opening starts a new link. */}
        {linkOpen ? <GenerateLinkDialog open={linkOpen} onOpenChange={setLinkOpen} /> : null}
      </Suspense>
    </div>
  );
}

export default DashboardPage;
