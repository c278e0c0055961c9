import { Suspense, useState } from 'react';
import type { Review } from '@shared/schemas/reviews';

import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DialogLoading } from '@/components/ui/spinner';

import { useDashboardCharts } from '../api/get-dashboard-charts';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { useGettingStarted } from '../api/get-getting-started';
import { useRecentReviews } from '../api/get-recent-reviews';
import { DashboardSkeleton } from './dashboard-skeleton';
import { GettingStarted } from './getting-started';
import {
  CreateReviewRequestDialog,
  GenerateLinkDialog,
  preloadRequestDialogs,
  preloadReviewDialog,
  ReviewDetailsDialog,
} from './lazy-dialogs';
import { QuickActions } from './quick-actions';
import { RatingDistribution } from './rating-distribution';
import { RecentReviews } from './recent-reviews';
import { RecentStatsRow } from './recent-stats-row';
import { StatCards } from './stat-cards';
import { ChartPlaceholder, WeeklyChart } from './weekly-chart';

/** The client's dashboard (seed-spec section 2 "Dashboard"), real figures (PRODUCT.md section 8). */
export function DashboardPage() {
  const stats = useDashboardStats();
  const charts = useDashboardCharts();
  const reviews = useRecentReviews();
  const gettingStarted = useGettingStarted(stats.data?.reviewRequests);
  const [selected, setSelected] = useState<Review | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);
  // Each dialog's code loads on first use (lazy-dialogs.tsx); once there it stays mounted, so it closes
  // with its animation and keeps its state.
  const [detailsMounted, setDetailsMounted] = useState(false);
  const [requestOpen, setRequestOpen] = useState(false);
  const [linkOpen, setLinkOpen] = useState(false);
  // The request dialog loads locations and contacts: mount it on first use, then keep it (its QR step
  // outlives the form).
  const [requestMounted, setRequestMounted] = useState(false);
  const openRequestDialog = () => {
    setRequestMounted(true);
    setRequestOpen(true);
  };

  const openReview = (review: Review) => {
    setSelected(review);
    setDetailsMounted(true);
    setDetailsOpen(true);
  };

  // One paint when every part above the buttons has answered: the first steps or the chart arriving later
  // would push the buttons down under a thumb about to tap them.
  if (stats.isLoading || charts.isLoading || gettingStarted.isLoading) return <DashboardSkeleton />;
  if (stats.error || !stats.data) {
    return (
      <p role="alert" className="rounded-lg border border-destructive/40 p-4 text-sm text-destructive">
        {stats.error?.message ?? 'Failed to load the dashboard.'}
      </p>
    );
  }

  return (
    <div className="grid gap-6">
      <GettingStarted steps={gettingStarted.steps} />
      <StatCards stats={stats.data} />
      <RecentStatsRow recent={stats.data.recent} />

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
          <QuickActions
            onCreateRequest={openRequestDialog}
            onGenerateLink={() => setLinkOpen(true)}
            onPreload={preloadRequestDialogs}
          />
          {charts.data ? <RatingDistribution distribution={charts.data.distribution} /> : null}
        </div>
      </div>

      <RecentReviews
        reviews={reviews.data}
        isLoading={reviews.isLoading}
        error={reviews.error}
        onOpen={openReview}
        onPreload={preloadReviewDialog}
      />

      <Suspense fallback={<DialogLoading />}>
        {detailsMounted ? (
          <ReviewDetailsDialog review={selected} open={detailsOpen} onOpenChange={setDetailsOpen} />
        ) : null}
        {/* Creating a request opens the QR dialog for the new request (seed-spec section 2). */}
        {requestMounted ? (
          <CreateReviewRequestDialog open={requestOpen} onOpenChange={setRequestOpen} />
        ) : null}
        {linkOpen ? <GenerateLinkDialog open={linkOpen} onOpenChange={setLinkOpen} /> : null}
      </Suspense>
    </div>
  );
}

export default DashboardPage;
