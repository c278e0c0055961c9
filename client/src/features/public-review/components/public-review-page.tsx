import { useCallback, useEffect } from 'react';

import { ReviewExperience, ReviewPageFrame, type SubmitReview } from '@/components/review-form';
import { Button } from '@/components/ui/button';

import { submitPublicReview } from '../api/submit-public-review';
import { uploadReviewVideo } from '../api/upload-review-video';
import { usePublicReview } from '../hooks/use-public-review';
import { InvalidLink } from './invalid-link';

/**
 * The customer's review page (/review/:uniqueLink; PRODUCT.md section 7): a request's personal link or a
 * location's permanent QR link. No account, no router, no data library: its own small entry
 * (client/review.html), plain fetch.
 */
export function PublicReviewPage({ uniqueLink }: { uniqueLink: string }) {
  const { state, retry } = usePublicReview(uniqueLink);
  const businessName = state.status === 'ready' ? state.page.businessName : null;

  useEffect(() => {
    if (businessName) document.title = `${businessName} – Leave a review`;
  }, [businessName]);

  const submit = useCallback<SubmitReview>(
    async ({ video, ...review }, onUploadProgress) => {
      const videoToken = video
        ? (await uploadReviewVideo(uniqueLink, video, onUploadProgress)).videoToken
        : undefined;
      return submitPublicReview(uniqueLink, { ...review, ...(videoToken ? { videoToken } : {}) });
    },
    [uniqueLink],
  );

  if (state.status === 'invalid') return <InvalidLink />;

  if (state.status === 'error') {
    return (
      <main className="flex min-h-dvh items-center justify-center bg-muted/40 px-4 text-foreground">
        <section className="w-full max-w-md rounded-2xl border bg-card p-6 text-center shadow-sm">
          <h1 className="text-xl font-semibold">We could not load this page</h1>
          <p className="mt-2 text-muted-foreground">{state.message}</p>
          <Button className="mt-4 min-h-11" onClick={retry}>
            Try again
          </Button>
        </section>
      </main>
    );
  }

  if (state.status === 'loading') {
    return (
      <main className="min-h-dvh bg-muted/40 px-4 pt-6 sm:pt-12" aria-busy="true">
        <p className="sr-only" role="status">
          Loading…
        </p>
        <div className="mx-auto max-w-md motion-safe:animate-pulse" aria-hidden="true">
          <div className="mb-5 flex items-center gap-3">
            <div className="size-12 rounded-full bg-muted" />
            <div className="h-5 w-40 rounded bg-muted" />
          </div>
          <div className="h-96 rounded-2xl border bg-card" />
        </div>
      </main>
    );
  }

  return (
    <ReviewPageFrame businessName={state.page.businessName} locationName={state.page.locationName}>
      <ReviewExperience page={state.page} submit={submit} />
    </ReviewPageFrame>
  );
}
