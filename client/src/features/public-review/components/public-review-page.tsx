import { useCallback, useEffect, useState } from 'react';

import { ReviewExperience, ReviewPageFrame, type SubmitReview } from '@/components/review-form';
import { customerErrorMessage } from '@/components/review-form/customer-error';
import { Button } from '@/components/ui/button';
import { showCustomerLanguage, useCustomerT } from '@/lib/customer-i18n';
import { directionOf, isLanguage, type Language } from '@shared/i18n/languages';

import { submitPublicReview } from '../api/submit-public-review';
import { uploadReviewVideo } from '../api/upload-review-video';
import { usePublicReview } from '../hooks/use-public-review';
import { chosenLanguage, rememberChosenLanguage } from '../language-choice';
import { InvalidLink } from './invalid-link';

/**
 * Shows the page in `wanted` once its words are here, and says so to the document: `lang` for screen readers
 * and hyphenation, `dir` so Arabic reads right to left. False until a first language is shown; a switch keeps
 * the page in the language it has until the next one's words arrive.
 */
function useShownLanguage(wanted: Language | null): boolean {
  const [shown, setShown] = useState<Language | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    void showCustomerLanguage(wanted).then((language) => {
      if (!current) return;
      document.documentElement.lang = language;
      document.documentElement.dir = directionOf(language);
      setShown(wanted);
    });
    return () => {
      current = false;
    };
  }, [wanted]);
  return shown !== null;
}

/**
 * The customer's review page (/review/:uniqueLink; PRODUCT.md section 7): a request's personal link or a
 * location's permanent QR link. No account, no router, no data library: its own small entry
 * (client/review.html), plain fetch. Its language: the customer's choice on the page, else the one the
 * server found (the contact's, the location's, the browser's).
 */
export function PublicReviewPage({ uniqueLink }: { uniqueLink: string }) {
  const { state, retry } = usePublicReview(uniqueLink);
  const { t, language } = useCustomerT();
  const [chosen, setChosen] = useState<Language | null>(chosenLanguage);
  const wanted = chosen ?? (state.status === 'ready' ? state.page.language : null);
  const ready = useShownLanguage(wanted);
  const businessName = state.status === 'ready' ? state.page.businessName : null;

  useEffect(() => {
    if (businessName && ready) document.title = t('documentTitle', { business: businessName });
  }, [businessName, ready, t]);

  const choose = useCallback((value: string) => {
    if (!isLanguage(value)) return;
    rememberChosenLanguage(value);
    setChosen(value);
  }, []);

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
          <h1 className="text-xl font-semibold">{t('loadFailed')}</h1>
          <p className="mt-2 text-muted-foreground">{customerErrorMessage(state.failure, t, language)}</p>
          <Button className="mt-4 min-h-11" onClick={retry}>
            {t('tryAgain')}
          </Button>
        </section>
      </main>
    );
  }

  if (state.status === 'loading' || !ready) {
    return (
      <main className="min-h-dvh bg-muted/40 px-4 pt-6 sm:pt-12" aria-busy="true">
        <p className="sr-only" role="status">
          {t('loading')}
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
    <ReviewPageFrame
      businessName={state.page.businessName}
      locationName={state.page.locationName}
      onLanguageChange={choose}
    >
      <ReviewExperience page={state.page} submit={submit} />
    </ReviewPageFrame>
  );
}
