import { useEffect, useId, useState } from 'react';
import { Link } from 'wouter';

import { ReviewExperience, ReviewPageFrame, type SubmitReview } from '@/components/review-form';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { ContentSpinner } from '@/components/ui/spinner';
import { showCustomerLanguage } from '@/lib/customer-i18n';
import { useTenant } from '@/lib/tenant';
import { cn } from '@/lib/utils';

import { useLocationReviewPage } from '../api/get-location-review-page';
import { useLocations } from '@/lib/locations';
import { isLanguage } from '@shared/i18n/languages';

/** The preview speaks the language a customer of this location would get; the switch tries the others. */
function showLanguage(language: string) {
  if (isLanguage(language)) void showCustomerLanguage(language);
}

type Audience = 'request' | 'location';
const AUDIENCES: Array<{ value: Audience; label: string }> = [
  { value: 'request', label: 'Personal link' },
  { value: 'location', label: 'QR code poster' },
];
/** A sample first name: a personal link greets the customer by name. */
const SAMPLE_FIRST_NAME = 'Sam';

/**
 * /review-preview: the customer's page for one of the client's locations, rendered by the very components
 * the public page uses, with the location's real data. Nothing is submitted or created.
 */
export function ReviewPreviewPage() {
  const { routeBase } = useTenant();
  const selectId = useId();
  const locations = useLocations();
  const [chosenId, setChosenId] = useState<string | undefined>();
  const [audience, setAudience] = useState<Audience>('request');
  const [round, setRound] = useState(0);

  const list = locations.data ?? [];
  const location = list.find((l) => String(l.id) === chosenId) ?? list[0];
  const page = useLocationReviewPage(location?.publicLink);
  const pageLanguage = page.data?.language;
  useEffect(() => {
    if (pageLanguage) showLanguage(pageLanguage);
  }, [pageLanguage]);

  if (locations.isPending) {
    return <ContentSpinner />;
  }
  if (locations.isError) {
    return <EmptyState title="Could not load your locations" description={locations.error.message} />;
  }
  if (!location) {
    return (
      <EmptyState
        title="No locations yet"
        description="Add a location to see the page your customers will use to leave a review."
        action={
          <Button asChild>
            <Link href={`${routeBase}/settings`}>Go to Settings</Link>
          </Button>
        }
      />
    );
  }

  // Preview mode: the thank-you view shows at once and nothing leaves the browser.
  const submit: SubmitReview = async () => ({ reviewLinks: page.data!.reviewLinks });

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <p className="text-sm text-muted-foreground">
        This is exactly what a customer sees after tapping your link or scanning your QR code. Try it: nothing
        you submit here is saved.
      </p>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <div className="flex-1 space-y-2">
          <label htmlFor={selectId} className="text-sm font-medium">
            Location
          </label>
          <Select value={String(location.id)} onValueChange={setChosenId}>
            <SelectTrigger id={selectId} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {list.map((l) => (
                <SelectItem key={l.id} value={String(l.id)}>
                  {l.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="space-y-2">
          <p className="text-sm font-medium" id={`${selectId}-audience`}>
            Show as
          </p>
          <div
            role="group"
            aria-labelledby={`${selectId}-audience`}
            className="inline-flex rounded-md border p-1"
          >
            {AUDIENCES.map((option) => (
              <button
                key={option.value}
                type="button"
                aria-pressed={audience === option.value}
                onClick={() => setAudience(option.value)}
                className={cn(
                  'min-h-9 rounded px-3 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  audience === option.value ? 'bg-primary text-primary-foreground' : 'hover:bg-accent',
                )}
              >
                {option.label}
              </button>
            ))}
          </div>
        </div>
        <Button variant="outline" onClick={() => setRound((n) => n + 1)}>
          Start over
        </Button>
      </div>

      {page.isPending ? (
        <ContentSpinner />
      ) : page.isError ? (
        <EmptyState title="Could not load the preview" description={page.error.message} />
      ) : (
        <div className="mx-auto max-w-[420px]" aria-label="Customer review page preview" role="region">
          <ReviewPageFrame
            businessName={page.data.businessName}
            locationName={page.data.locationName}
            embedded
            onLanguageChange={showLanguage}
          >
            <ReviewExperience
              key={`${location.id}-${audience}-${round}`}
              page={{
                ...page.data,
                kind: audience,
                contactFirstName: audience === 'request' ? SAMPLE_FIRST_NAME : null,
                alreadySubmitted: false,
              }}
              submit={submit}
              preview
            />
          </ReviewPageFrame>
        </div>
      )}
    </div>
  );
}

export default ReviewPreviewPage;
