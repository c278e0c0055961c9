import { useState } from 'react';

import { useCustomerT } from '@/lib/customer-i18n';

import { customerErrorMessage } from './customer-error';
import { ReviewForm } from './review-form';
import { ThankYou } from './thank-you';
import type { PublicReviewPageData, ReviewDraft, SubmitOutcome, SubmitReview } from './types';

interface ReviewExperienceProps {
  page: PublicReviewPageData;
  submit: SubmitReview;
  preview?: boolean;
}

interface Done extends SubmitOutcome {
  rating: number | null;
  text?: string;
}

/** The form, then the thank-you view (or straight to it when this link was already used). */
export function ReviewExperience({ page, submit, preview }: ReviewExperienceProps) {
  const [done, setDone] = useState<Done | null>(
    page.alreadySubmitted
      ? { alreadySubmitted: true, reviewLinks: page.reviewLinks, rating: page.submittedRating ?? null }
      : null,
  );
  const [submitting, setSubmitting] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<{ failure: unknown } | null>(null);
  const { t, language } = useCustomerT();

  async function onSubmit(draft: ReviewDraft) {
    setSubmitting(true);
    setError(null);
    setProgress(draft.video ? 0 : null);
    try {
      const outcome = await submit(draft, setProgress);
      setDone({
        ...outcome,
        rating: outcome.alreadySubmitted ? null : draft.rating,
        text: outcome.alreadySubmitted ? undefined : draft.content,
      });
    } catch (err) {
      setError({ failure: err });
    } finally {
      setSubmitting(false);
      setProgress(null);
    }
  }

  if (done) {
    return (
      <ThankYou
        businessName={page.businessName}
        contactFirstName={page.contactFirstName}
        reviewLinks={done.reviewLinks}
        rating={done.rating}
        text={done.text}
        alreadySubmitted={done.alreadySubmitted}
        preview={preview}
      />
    );
  }
  return (
    <ReviewForm
      page={page}
      submitting={submitting}
      uploadProgress={progress}
      error={error ? customerErrorMessage(error.failure, t, language) : null}
      onSubmit={onSubmit}
    />
  );
}
