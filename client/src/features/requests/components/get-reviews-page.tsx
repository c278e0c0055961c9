import { Download, Link2, Send } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { preloader } from '@/lib/preloader';

import { Button } from '@/components/ui/button';
import { DialogLoading } from '@/components/ui/spinner';
import { useTenant } from '@/lib/tenant';
import { useOpenedOnce } from '@/lib/use-opened-once';

import { LinkedRequestCard } from './linked-request-card';
import { LocationPosterCard } from './location-poster-card';
import { PublicLinkWarning } from './public-link-warning';
import { ReviewRequestsList } from './review-requests-list';
import { SendToManyCard } from './send-to-many-card';

// The two dialogs (their forms, validation and Radix Dialog) load when first opened, not with the page.
const loadCreateDialog = () => import('./create-review-request-dialog');
const CreateReviewRequestDialog = lazy(() =>
  loadCreateDialog().then((m) => ({ default: m.CreateReviewRequestDialog })),
);
const GenerateLinkDialog = lazy(() =>
  import('./generate-link-dialog').then((m) => ({ default: m.GenerateLinkDialog })),
);
const preloadCreateDialog = preloader(loadCreateDialog);

/** /get-reviews: ask one customer, many customers, or everyone who scans the poster. */
export function GetReviewsPage() {
  const [creating, setCreating] = useState(false);
  const createMounted = useOpenedOnce(creating);
  const [linking, setLinking] = useState(false);
  const { apiBase } = useTenant();

  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          Ask customers for a review by email, SMS or WhatsApp, or with a QR code.
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="outline" onClick={() => setLinking(true)} className="w-full sm:w-fit">
            <Link2 aria-hidden="true" />
            Generate Review Link
          </Button>
          <Button
            onClick={() => setCreating(true)}
            onPointerEnter={preloadCreateDialog}
            onFocus={preloadCreateDialog}
            className="w-full sm:w-fit"
          >
            <Send aria-hidden="true" />
            Send Review Requests
          </Button>
        </div>
      </div>
      <LinkedRequestCard />
      <div className="grid gap-6 lg:grid-cols-2">
        <SendToManyCard />
        <LocationPosterCard />
      </div>
      <ReviewRequestsList />
      {/* Last: arriving with the locations, it moves nothing under a thumb; the request dialog and Send to
          many say it again for the location chosen. */}
      <PublicLinkWarning />
      <p className="text-sm text-muted-foreground">
        Every message sent, with what each customer was offered after rating: the proof that everyone is
        invited to review publicly, whatever their rating.{' '}
        <a
          href={`${apiBase}/review-requests/audit.csv`}
          download
          className="inline-flex items-center gap-1 font-medium text-primary underline"
        >
          <Download aria-hidden="true" className="size-4" />
          Download the request audit (CSV)
        </a>
      </p>
      <Suspense fallback={<DialogLoading />}>
        {createMounted ? <CreateReviewRequestDialog open={creating} onOpenChange={setCreating} /> : null}
        {linking ? <GenerateLinkDialog open={linking} onOpenChange={setLinking} /> : null}
      </Suspense>
    </div>
  );
}

export default GetReviewsPage;
