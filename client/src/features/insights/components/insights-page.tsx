import { Clock, Lightbulb, ThumbsDown, ThumbsUp } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { preloader } from '@/lib/preloader';
import type { WaitingReview, WordCount } from '@shared/schemas/insights';

import { REVIEW_SOURCE_LABELS, reviewerLabel } from '@/components/reviews/review-source';
import { StarRating } from '@/components/reviews/star-rating';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { DialogLoading, FullPageSpinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/utils';

import { useInsights } from '../api/get-insights';
import { RatingBreakdownTable } from './rating-breakdown-table';

// The review dialog (its reply form and the shared review schemas, which bring zod) loads when a review is first
// opened, not with the page (issue 43 item 4: a screen's first load under 150 KB); the pointer or the focus on a
// review starts its download.
const loadReviews = () => import('@/features/reviews');
const preloadReviewDialog = preloader(loadReviews);
const ReviewDetailsDialog = lazy(() => loadReviews().then((m) => ({ default: m.ReviewDetailsDialog })));

/** Review Insights (/optimized-reviews): what the reviews say, beyond the dashboard's totals. */
export function InsightsPage() {
  const insights = useInsights();
  const [selected, setSelected] = useState<WaitingReview | null>(null);
  const [open, setOpen] = useState(false);

  if (insights.isLoading) return <FullPageSpinner label="Loading insights…" />;
  if (insights.error || !insights.data) {
    return (
      <p role="alert" className="rounded-lg border border-destructive/40 p-4 text-sm text-destructive">
        {insights.error?.message ?? 'Failed to load insights.'}
      </p>
    );
  }
  const { bySource, byLocation, words, waiting } = insights.data;

  if (bySource.length === 0) {
    return (
      <EmptyState
        icon={Lightbulb}
        title="No insights yet"
        description="Once customers leave reviews, this page shows where ratings come from, what people mention most and which reviews wait for an answer."
      />
    );
  }

  return (
    <div className="grid gap-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Ratings by source</CardTitle>
          </CardHeader>
          <CardContent>
            <RatingBreakdownTable
              caption="Ratings by source"
              rows={bySource.map((row) => ({ ...row, key: row.type, label: REVIEW_SOURCE_LABELS[row.type] }))}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Ratings by location</CardTitle>
          </CardHeader>
          <CardContent>
            <RatingBreakdownTable
              caption="Ratings by location"
              rows={byLocation.map((row) => ({
                ...row,
                key: String(row.locationId ?? 'none'),
                label: row.locationName ?? 'No location',
              }))}
            />
          </CardContent>
        </Card>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <WordList
          title="What happy customers mention"
          description="Most frequent words in reviews rated 4 or 5 stars."
          icon={ThumbsUp}
          words={words.positive}
          tone="positive"
        />
        <WordList
          title="What unhappy customers mention"
          description="Most frequent words in reviews rated 1 to 3 stars."
          icon={ThumbsDown}
          words={words.negative}
          tone="negative"
        />
      </div>

      <Card>
        <CardHeader>
          <CardTitle id="waiting-heading" className="flex items-center gap-2 text-base">
            <Clock className="size-4" aria-hidden="true" />
            Waiting longest for an answer
          </CardTitle>
          <CardDescription>The oldest reviews without a response.</CardDescription>
        </CardHeader>
        <CardContent>
          {waiting.length === 0 ? (
            <p className="text-sm text-muted-foreground">Every review has an answer. Well done!</p>
          ) : (
            <ul aria-labelledby="waiting-heading" className="grid gap-1">
              {waiting.map((review) => (
                <li key={review.id}>
                  <button
                    type="button"
                    onPointerEnter={preloadReviewDialog}
                    onFocus={preloadReviewDialog}
                    onClick={() => {
                      setSelected(review);
                      setOpen(true);
                    }}
                    className="flex w-full flex-wrap items-center justify-between gap-2 rounded-lg px-2 py-2.5 text-left hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <span className="grid min-w-0 gap-1">
                      <span className="truncate text-sm font-medium">
                        {reviewerLabel(review.reviewerName)}
                      </span>
                      <span className="flex items-center gap-2 text-xs text-muted-foreground">
                        <StarRating rating={review.rating} size="sm" />
                        <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
                      </span>
                    </span>
                    <span className="text-sm font-medium tabular-nums text-destructive">
                      {review.daysWaiting === 1 ? '1 day waiting' : `${review.daysWaiting} days waiting`}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      {/* Mounted on first use, then kept, so it closes with its animation. */}
      {selected ? (
        <Suspense fallback={<DialogLoading />}>
          <ReviewDetailsDialog review={selected} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </div>
  );
}

interface WordListProps {
  title: string;
  description: string;
  icon: typeof ThumbsUp;
  words: WordCount[];
  tone: 'positive' | 'negative';
}

function WordList({ title, description, icon: Icon, words, tone }: WordListProps) {
  const max = words[0]?.count ?? 1;
  return (
    <Card role="region" aria-label={title}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Icon className="size-4" aria-hidden="true" />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {words.length === 0 ? (
          <p className="text-sm text-muted-foreground">No reviews in this range yet.</p>
        ) : (
          <ol className="grid gap-2">
            {words.map(({ word, count }) => (
              <li key={word} className="grid grid-cols-[7rem_1fr_2.5rem] items-center gap-3 text-sm">
                <span className="truncate font-medium">{word}</span>
                <span className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                  <span
                    className={
                      tone === 'positive'
                        ? 'block h-full rounded-full bg-green-600 dark:bg-green-500'
                        : 'block h-full rounded-full bg-red-500 dark:bg-red-400'
                    }
                    style={{ width: `${(count / max) * 100}%` }}
                  />
                </span>
                <span className="text-right tabular-nums text-muted-foreground">
                  {count}
                  <span className="sr-only"> {count === 1 ? 'review' : 'reviews'}</span>
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

export default InsightsPage;
