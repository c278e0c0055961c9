import { AlertTriangle, Download, FileDown, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { PROVIDER_LABELS } from '@shared/schemas/integrations';
import { REVIEW_PAGE_SIZE, SEARCH_MAX, type Review, type ReviewFilter } from '@shared/schemas/reviews';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { pageCount, Pagination } from '@/components/ui/pagination';
import { ContentSpinner } from '@/components/ui/spinner';
import {
  hasConnection,
  IMPORT_TEXTS,
  needingReconnect,
  useImportReviews,
  useIntegrations,
} from '@/features/integrations';
import { useLocations } from '@/lib/locations';
import { useTenant } from '@/lib/tenant';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useIsMobile } from '@/lib/use-mobile';

import { reviewsExportUrl } from '../api/export-reviews';
import { useReview, useReviews } from '../api/get-reviews';
import { GoogleBanner } from './google-banner';
import { ReviewDetailsDialog } from './review-details-dialog';
import { ReviewFilterSelect } from './review-filter-select';
import { ReviewCards, ReviewsTable } from './reviews-table';

export const SEARCH_DEBOUNCE_MS = 300;

/** The Reviews page (seed-spec section 2): filter, search, import, export, the list and its dialog. */
export function ReviewsPage() {
  const { apiBase, routeBase } = useTenant();
  const isMobile = useIsMobile();
  const [filter, setFilter] = useState<ReviewFilter>('all');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [selected, setSelected] = useState<Review | null>(null);
  // Kept apart from the selection, so the dialog still shows its review while it animates closed.
  const [dialogOpen, setDialogOpen] = useState(false);
  // A notification or an alert email opens one review: /reviews?review=12.
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedId = Number(searchParams.get('review')) || null;
  const linked = useReview(linkedId);

  const reviews = useReviews({ filter, page, q });
  const integrations = useIntegrations();
  const locations = useLocations();
  const importGoogle = useImportReviews('google');
  const importFacebook = useImportReviews('facebook');
  const total = reviews.data?.total ?? 0;
  const capped = reviews.data?.capped ?? false;
  const rows = reviews.data?.reviews ?? [];
  const facebookConnected = hasConnection(integrations.data, 'facebook');
  const reconnect = (['google', 'facebook'] as const).filter(
    (provider) => needingReconnect(integrations.data, provider).length > 0,
  );

  // A new search starts from the first page (a new filter does too, in its handler).
  useEffect(() => setPage(1), [q]);
  // After replies or imports the list may shrink under the current page: step back to the last one.
  useEffect(() => {
    if (reviews.data && !reviews.isPlaceholderData && !capped && page > pageCount(total, REVIEW_PAGE_SIZE)) {
      setPage(pageCount(total, REVIEW_PAGE_SIZE));
    }
  }, [reviews.data, reviews.isPlaceholderData, page, total, capped]);
  useEffect(() => {
    if (!linked.data) return;
    setSelected(linked.data);
    setDialogOpen(true);
  }, [linked.data]);

  // The open review follows the list's fresh copy (e.g. Responded after a reply), when it is still listed.
  const shownReview = (selected && rows.find((r) => r.id === selected.id)) ?? selected;

  const view = (review: Review) => {
    setSelected(review);
    setDialogOpen(true);
  };
  const onDialogOpenChange = (open: boolean) => {
    setDialogOpen(open);
    // Closing a review opened by its link leaves the plain list (a reload does not reopen it).
    if (!open && linkedId !== null) setSearchParams({}, { replace: true });
  };

  // One paint with what sits above the list: the import buttons, the reconnect alerts and the Google banner
  // come from the integrations and the locations, and arriving after the list they would push it down.
  if (integrations.isLoading || locations.isLoading) return <ContentSpinner label="Loading reviews…" />;

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <ReviewFilterSelect
            value={filter}
            onChange={(next) => {
              setFilter(next);
              setPage(1);
            }}
          />
          <div className="relative sm:w-72">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              type="search"
              aria-label="Search reviews"
              placeholder="Search reviews or customers"
              className="pl-9"
              maxLength={SEARCH_MAX}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="outline" onClick={importGoogle.start} disabled={importGoogle.importing}>
            <Download aria-hidden="true" />
            {importGoogle.importing ? 'Importing...' : IMPORT_TEXTS.google.button}
          </Button>
          {facebookConnected ? (
            <Button variant="outline" onClick={importFacebook.start} disabled={importFacebook.importing}>
              <Download aria-hidden="true" />
              {importFacebook.importing ? 'Importing...' : IMPORT_TEXTS.facebook.button}
            </Button>
          ) : null}
          <Button variant="outline" asChild>
            <a href={reviewsExportUrl(apiBase, { filter, q })} download>
              <FileDown aria-hidden="true" />
              Export
            </a>
          </Button>
        </div>
      </div>
      {importGoogle.progress || importFacebook.progress ? (
        <p role="status" className="text-sm text-muted-foreground">
          {[importGoogle.progress, importFacebook.progress].filter(Boolean).join(' · ')}
        </p>
      ) : null}

      {reconnect.map((provider) => (
        <p
          key={provider}
          role="alert"
          className="flex flex-col gap-2 rounded-xl border border-amber-500/50 bg-amber-50 p-4 text-sm text-amber-900 sm:flex-row sm:items-center dark:bg-amber-950/40 dark:text-amber-100"
        >
          <AlertTriangle className="size-5 shrink-0" aria-hidden="true" />
          <span className="flex-1">
            {PROVIDER_LABELS[provider]} stopped accepting your connection: new reviews are not imported and
            replies are not posted there until you connect again.
          </span>
          <Button size="sm" variant="outline" asChild>
            <Link href={`${routeBase}/settings?tab=integrations`}>Reconnect</Link>
          </Button>
        </p>
      ))}

      <GoogleBanner onImport={importGoogle.start} importing={importGoogle.importing} />

      {reviews.isPending ? (
        <ContentSpinner label="Loading reviews…" />
      ) : reviews.isError ? (
        <div role="alert" className="rounded-xl border border-destructive/40 bg-destructive/5 p-6 text-sm">
          <p className="font-medium text-destructive">Reviews could not be loaded.</p>
          <p className="text-muted-foreground">{reviews.error.message}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void reviews.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          {rows.length === 0 ? (
            <p className="rounded-xl border border-dashed bg-card px-6 py-10 text-center text-sm text-muted-foreground">
              No reviews found matching your filter criteria.
            </p>
          ) : isMobile ? (
            <ReviewCards reviews={rows} onView={view} />
          ) : (
            <ReviewsTable reviews={rows} onView={view} />
          )}
          <Pagination
            page={page}
            pageSize={REVIEW_PAGE_SIZE}
            total={total}
            capped={capped}
            onPageChange={setPage}
          />
        </>
      )}

      <ReviewDetailsDialog review={shownReview} open={dialogOpen} onOpenChange={onDialogOpenChange} />
    </div>
  );
}

export default ReviewsPage;
