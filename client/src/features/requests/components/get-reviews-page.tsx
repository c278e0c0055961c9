import { Send } from 'lucide-react';
import { useState } from 'react';

import { CreateReviewRequestDialog } from '@/components/review-requests';
import { Button } from '@/components/ui/button';

import { LinkedRequestCard } from './linked-request-card';
import { LocationPosterCard } from './location-poster-card';
import { ReviewRequestsList } from './review-requests-list';
import { SendToManyCard } from './send-to-many-card';

/** /get-reviews: ask one customer, many customers, or everyone who scans the poster. */
export function GetReviewsPage() {
  const [creating, setCreating] = useState(false);

  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          Ask customers for a review by email, SMS or WhatsApp, or with a QR code.
        </p>
        <Button onClick={() => setCreating(true)} className="w-full sm:w-fit">
          <Send aria-hidden="true" />
          Send a review request
        </Button>
      </div>
      <LinkedRequestCard />
      <div className="grid gap-6 lg:grid-cols-2">
        <SendToManyCard />
        <LocationPosterCard />
      </div>
      <ReviewRequestsList />
      <CreateReviewRequestDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}

export default GetReviewsPage;
