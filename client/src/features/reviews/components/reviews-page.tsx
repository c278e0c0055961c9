import { AlertTriangle, Download, FileDown, MessageSquareText } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { preloader } from '@/lib/preloader';
import { Link } from 'wouter';
import { PROVIDER_LABELS } from '@shared/integrations';
import { REVIEW_PAGE_SIZE, SEARCH_MAX, type Review } from '@shared/reviews';
import { roleAtLeast } from '@shared/team-role';

import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SearchInput } from '@/components/ui/search-input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { pageCount, Pagination } from '@/components/ui/pagination';
import { ContentSpinner, DialogLoading } from '@/components/ui/spinner';
import {
  hasConnection,
  IMPORT_TEXTS,
  needingReconnect,
  useImportReviews,
  useIntegrations,
} from '@/features/integrations';
import { useLocations } from '@/lib/locations';
import { useTeamRole } from '@/lib/team-role';
import { useTenant } from '@/lib/tenant';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useIsMobile } from '@/lib/use-mobile';

import { reviewsExportUrl } from '../api/export-reviews';
import { useFeedbackCases } from '../api/feedback-cases';
import { useReview, useReviews } from '../api/get-reviews';
import { FeedbackCasesPanel } from './feedback-cases-panel';
import { GoogleBanner } from './google-banner';
import { ReviewFilterSelect } from './review-filter-select';
import { useReviewListParams } from './review-list-params';
import { ReviewCards, ReviewsTable } from './reviews-table';

export const SEARCH_DEBOUNCE_MS = 300;

// The review's dialog (its reply form and Radix Dialog) loads when a review is first opened, not with the list.
const loadDetailsDialog = () => import('./review-details-dialog');
const ReviewDetailsDialog = lazy(() => loadDetailsDialog().then((m) => ({ default: m.ReviewDetailsDialog })));
const preloadDetailsDialog = preloader(loadDetailsDialog);

const ALL_LOCATIONS = 'all';

/**
 * The Reviews page (seed-spec section 2): filter, search, location and dates (all in the address, issue 41),
 * import, export, the list and its dialog. A responder sees only what they may do: read and reply.
 */
export function ReviewsPage() {
  const { apiBase, routeBase } = useTenant();
  const isMobile = useIsMobile();
  const role = useTeamRole();
  const canManage = roleAtLeast(role, 'manager');
  const { params, change, searchParams, setSearchParams } = useReviewListParams();
  const { filter, page, q, locationId } = params;
  const [search, setSearch] = useState(q);
  const typed = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // Dates the wrong way round are not sent (the server would refuse them): the page says so instead.
  const rangeBackwards = Boolean(params.from && params.to && params.from > params.to);
  const from = rangeBackwards ? undefined : params.from;
  const to = rangeBackwards ? undefined : params.to;
  const fromId = useId();
  const toId = useId();
  const [selected, setSelected] = useState<Review | null>(null);
  // Kept apart from the selection, so the dialog still shows its review while it animates closed.
  const [dialogOpen, setDialogOpen] = useState(false);
  // A notification or an alert email opens one review: /reviews?review=12 (&draft=1: with the email's reply).
  const linkedId = Number(searchParams.get('review')) || null;
  const linked = useReview(linkedId);

  const reviews = useReviews({ filter, page, q, locationId, from, to });
  const integrations = useIntegrations();
  const locations = useLocations();
  const importGoogle = useImportReviews('google');
  const importFacebook = useImportReviews('facebook');
  // The feedback cases sit above the list too (the panel reads the same query).
  const openCases = useFeedbackCases('open');
  const total = reviews.data?.total ?? 0;
  const capped = reviews.data?.capped ?? false;
  const rows = reviews.data?.reviews ?? [];
  /** A filter, a search, a location or dates narrow the list: an empty page is then the filter's answer. */
  const narrowed = filter !== 'all' || Boolean(q || locationId || from || to);
  const facebookConnected = hasConnection(integrations.data, 'facebook');
  const reconnect = (['google', 'facebook'] as const).filter(
    (provider) => needingReconnect(integrations.data, provider).length > 0,
  );

  // The search typed goes to the address once typing pauses, and starts from the first page.
  useEffect(() => {
    if (typed !== q) change({ q: typed }, { replace: true });
    // Only a new search writes the address; the address changing does not retype the box.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);
  // A search changed elsewhere (a link, Back) shows in the box; our own write finds the box already saying it.
  useEffect(() => {
    if (q !== typed) setSearch(q);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);
  // After replies or imports the list may shrink under the current page: step back to the last one.
  useEffect(() => {
    if (reviews.data && !reviews.isPlaceholderData && !capped && page > pageCount(total, REVIEW_PAGE_SIZE)) {
      change({ page: pageCount(total, REVIEW_PAGE_SIZE) }, { replace: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
  /** A feedback case opens its review by link, as the bell does: /reviews?review=12. */
  const openByLink = (reviewId: number) =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set('review', String(reviewId));
      next.delete('draft');
      return next;
    });
  const onDialogOpenChange = (open: boolean) => {
    setDialogOpen(open);
    // Closing a review opened by its link leaves the list (a reload does not reopen it), its filters kept.
    if (!open && linkedId !== null) {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.delete('review');
          next.delete('draft');
          return next;
        },
        { replace: true },
      );
    }
  };

  // One paint with what sits above the list: the import buttons, the reconnect alerts, the Google banner and
  // the feedback cases come from the integrations, the locations and the cases, and arriving after the list
  // they would push it down.
  if (integrations.isLoading || locations.isLoading || openCases.isLoading)
    return <ContentSpinner label="Loading reviews…" />;

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <ReviewFilterSelect value={filter} onChange={(next) => change({ filter: next })} />
          <SearchInput
            className="sm:w-72"
            aria-label="Search reviews"
            placeholder="Search reviews or customers"
            maxLength={SEARCH_MAX}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        {canManage ? (
          <div className="flex flex-wrap items-center gap-2">
            {/* Without Google on this server the import can only fail (issue 43): Settings › Integrations says why. */}
            {integrations.data?.googleConfigured ? (
              <Button variant="outline" onClick={importGoogle.start} disabled={importGoogle.importing}>
                <Download aria-hidden="true" />
                {importGoogle.importing ? 'Importing...' : IMPORT_TEXTS.google.button}
              </Button>
            ) : null}
            {facebookConnected ? (
              <Button variant="outline" onClick={importFacebook.start} disabled={importFacebook.importing}>
                <Download aria-hidden="true" />
                {importFacebook.importing ? 'Importing...' : IMPORT_TEXTS.facebook.button}
              </Button>
            ) : null}
            <Button variant="outline" asChild>
              <a href={reviewsExportUrl(apiBase, { filter, q, locationId, from, to })} download>
                <FileDown aria-hidden="true" />
                Export
              </a>
            </Button>
          </div>
        ) : null}
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-end">
        {(locations.data?.length ?? 0) > 1 ? (
          <Select
            value={locationId ? String(locationId) : ALL_LOCATIONS}
            onValueChange={(next) =>
              change({ locationId: next === ALL_LOCATIONS ? undefined : Number(next) })
            }
          >
            <SelectTrigger aria-label="Location" className="w-full sm:w-56">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL_LOCATIONS}>All locations</SelectItem>
              {locations.data!.map((location) => (
                <SelectItem key={location.id} value={String(location.id)}>
                  {location.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        ) : null}
        <div className="grid grid-cols-2 gap-2 sm:flex sm:items-end">
          <div className="grid gap-1">
            <Label htmlFor={fromId} className="text-xs text-muted-foreground">
              From
            </Label>
            <Input
              id={fromId}
              type="date"
              className="sm:w-40"
              value={params.from ?? ''}
              max={params.to}
              onChange={(event) => change({ from: event.target.value })}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={toId} className="text-xs text-muted-foreground">
              To
            </Label>
            <Input
              id={toId}
              type="date"
              className="sm:w-40"
              value={params.to ?? ''}
              min={params.from}
              onChange={(event) => change({ to: event.target.value })}
            />
          </div>
        </div>
        {params.from || params.to ? (
          <Button variant="ghost" size="sm" onClick={() => change({ from: null, to: null })}>
            Clear dates
          </Button>
        ) : null}
      </div>
      {rangeBackwards ? (
        <p role="alert" className="text-sm text-destructive">
          The From date is after the To date, so no dates are applied. Change one of them.
        </p>
      ) : null}
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
          {role === 'owner' ? (
            <Button size="sm" variant="outline" asChild>
              <Link href={`${routeBase}/settings?tab=integrations`}>Reconnect</Link>
            </Button>
          ) : (
            <span>Ask the account owner to connect it again.</span>
          )}
        </p>
      ))}

      {canManage ? <GoogleBanner onImport={importGoogle.start} importing={importGoogle.importing} /> : null}

      <FeedbackCasesPanel onOpen={openByLink} />

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
          {rows.length === 0 && !narrowed ? (
            // Nothing to filter yet: say how reviews arrive, not that a filter found none.
            <EmptyState
              icon={MessageSquareText}
              title="No reviews yet"
              description="Send review requests or share your review link, and new reviews will show here."
              action={
                <Button asChild>
                  <Link href={`${routeBase}/get-reviews`}>Get Reviews</Link>
                </Button>
              }
            />
          ) : rows.length === 0 ? (
            <p className="rounded-xl border border-dashed bg-card px-6 py-10 text-center text-sm text-muted-foreground">
              No reviews found matching your filter criteria.
            </p>
          ) : isMobile ? (
            <ReviewCards reviews={rows} onView={view} onPreload={preloadDetailsDialog} />
          ) : (
            <ReviewsTable reviews={rows} onView={view} onPreload={preloadDetailsDialog} />
          )}
          <Pagination
            page={page}
            pageSize={REVIEW_PAGE_SIZE}
            total={total}
            capped={capped}
            onPageChange={(next) => change({ page: next })}
          />
        </>
      )}

      {shownReview ? (
        <Suspense fallback={<DialogLoading />}>
          <ReviewDetailsDialog review={shownReview} open={dialogOpen} onOpenChange={onDialogOpenChange} />
        </Suspense>
      ) : null}
    </div>
  );
}

export default ReviewsPage;
