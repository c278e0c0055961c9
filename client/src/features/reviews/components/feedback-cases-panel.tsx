import { MessageCircleReply } from 'lucide-react';
import { useState } from 'react';
import {
  FEEDBACK_CASE_STATUS_LABELS,
  FEEDBACK_CASE_STATUSES,
  type FeedbackCaseStatus,
  type FeedbackCaseSummary,
} from '@shared/feedback-cases';

import { StarRating } from '@/components/reviews/star-rating';
import { Button } from '@/components/ui/button';
import { cn, formatTimeAgo } from '@/lib/utils';

import { useFeedbackCases } from '../api/feedback-cases';

function CaseRow({ item, onOpen }: { item: FeedbackCaseSummary; onOpen: (reviewId: number) => void }) {
  const answered = item.status === 'open' && item.lastAuthor === 'customer';
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(item.reviewId)}
        className="grid w-full gap-1 rounded-lg border bg-background p-3 text-left text-sm transition-colors hover:bg-muted/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium">{item.customerName}</span>
          <StarRating rating={item.rating} size="sm" />
          {answered ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-950/60 dark:text-amber-100">
              <MessageCircleReply className="size-3.5" aria-hidden="true" />
              Customer answered
            </span>
          ) : null}
          <span className="ml-auto text-xs text-muted-foreground">{formatTimeAgo(item.lastActivityAt)}</span>
        </span>
        {item.excerpt ? <span className="break-words text-muted-foreground">{item.excerpt}</span> : null}
        {item.locationName ? (
          <span className="text-xs text-muted-foreground">{item.locationName}</span>
        ) : null}
      </button>
    </li>
  );
}

function CaseList({ status, onOpen }: { status: FeedbackCaseStatus; onOpen: (reviewId: number) => void }) {
  const cases = useFeedbackCases(status);
  if (cases.isPending) return <p className="text-sm text-muted-foreground">Loading cases…</p>;
  if (cases.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        Cases could not be loaded: {cases.error.message}
      </p>
    );
  const items = cases.data.pages.flatMap((page) => page.cases);
  if (items.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        No {FEEDBACK_CASE_STATUS_LABELS[status].toLowerCase()} cases.
      </p>
    );
  return (
    <div className="grid gap-2">
      <ul className="grid gap-2">
        {items.map((item) => (
          <CaseRow key={item.id} item={item} onOpen={onOpen} />
        ))}
      </ul>
      {cases.hasNextPage ? (
        <div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void cases.fetchNextPage()}
            pending={cases.isFetchingNextPage}
            pendingLabel="Loading…"
          >
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The feedback cases on the Reviews page (issue 47, item 3): private low ratings from customers we asked, by
 * whose turn it is. Nothing shows until a business has one.
 */
export function FeedbackCasesPanel({ onOpen }: { onOpen: (reviewId: number) => void }) {
  const [status, setStatus] = useState<FeedbackCaseStatus>('open');
  // Every page of every status carries the three counts: the open list's answer says whether to show at all.
  const open = useFeedbackCases('open');
  const counts = open.data?.pages[0]?.counts;
  if (!counts || counts.open + counts.waiting + counts.resolved === 0) return null;

  return (
    <section aria-labelledby="feedback-cases-heading" className="grid gap-3 rounded-xl border bg-card p-4">
      <div>
        <h2 id="feedback-cases-heading" className="text-base font-semibold">
          Feedback cases
        </h2>
        <p className="text-sm text-muted-foreground">
          Private low ratings from customers you asked: your reply reaches them, and they can answer.
        </p>
      </div>
      {/* Toggle buttons rather than tabs: they wrap on a phone, and the list below is the only panel. */}
      <div role="group" aria-label="Cases to show" className="flex flex-wrap gap-2">
        {FEEDBACK_CASE_STATUSES.map((each) => (
          <button
            key={each}
            type="button"
            aria-pressed={each === status}
            onClick={() => setStatus(each)}
            className={cn(
              'inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              each === status
                ? 'border-primary bg-primary text-primary-foreground'
                : 'bg-background hover:bg-muted',
            )}
          >
            {FEEDBACK_CASE_STATUS_LABELS[each]}
            <span className="tabular-nums">({counts[each]})</span>
          </button>
        ))}
      </div>
      <CaseList key={status} status={status} onOpen={onOpen} />
    </section>
  );
}
