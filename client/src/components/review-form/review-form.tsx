import { useId, useRef, useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { useCustomerT } from '@/lib/customer-i18n';
import { cn } from '@/lib/utils';
import { REVIEW_CONTENT_MAX, REVIEWER_NAME_MAX } from '@shared/schemas/public-review';

import { StarRating } from './star-rating';
import type { PublicReviewPageData, ReviewDraft } from './types';
import { VideoCapture } from './video-capture';

interface ReviewFormProps {
  page: PublicReviewPageData;
  submitting: boolean;
  /** 0..1 while a video uploads. */
  uploadProgress: number | null;
  error: string | null;
  onSubmit: (draft: ReviewDraft) => void;
}

/** Stars, then an optional text, name (QR posters) and video; one button. */
export function ReviewForm({ page, submitting, uploadProgress, error, onSubmit }: ReviewFormProps) {
  const { t, language } = useCustomerT();
  const number = new Intl.NumberFormat(language);
  const ids = { question: useId(), rating: useId(), content: useId(), counter: useId(), name: useId() };
  const [rating, setRating] = useState<number | null>(null);
  const [content, setContent] = useState('');
  const [name, setName] = useState('');
  const [video, setVideo] = useState<Blob | null>(null);
  const [ratingError, setRatingError] = useState(false);
  const groupRef = useRef<HTMLDivElement>(null);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    if (!rating) {
      setRatingError(true);
      groupRef.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
      return;
    }
    onSubmit({
      rating,
      content: content.trim(),
      ...(page.kind === 'location' && name.trim() ? { name: name.trim() } : {}),
      video,
    });
  }

  const nearLimit = content.length > REVIEW_CONTENT_MAX * 0.9;

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-6" aria-busy={submitting || undefined}>
      <div className="text-center">
        {page.contactFirstName && (
          <p className="text-lg">{t('form.greeting', { name: page.contactFirstName })}</p>
        )}
        <h2 id={ids.question} className="text-2xl font-bold tracking-tight">
          {t('form.question')}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          {t('form.tapAStar', { location: page.locationName })}
        </p>
      </div>

      <div>
        <StarRating
          value={rating}
          onChange={(value) => {
            setRating(value);
            setRatingError(false);
          }}
          invalid={ratingError}
          describedBy={ratingError ? ids.rating : undefined}
          groupRef={groupRef}
        />
        {ratingError && (
          <p id={ids.rating} role="alert" className="text-center text-sm font-medium text-destructive">
            {t('form.ratingRequired')}
          </p>
        )}
      </div>

      <div className="space-y-2">
        <label htmlFor={ids.content} className="block text-sm font-medium">
          {t('form.tellUsMore')}{' '}
          <span className="font-normal text-muted-foreground">{t('form.optional')}</span>
        </label>
        <Textarea
          id={ids.content}
          value={content}
          onChange={(event) => setContent(event.target.value)}
          maxLength={REVIEW_CONTENT_MAX}
          rows={4}
          placeholder={t('form.placeholder')}
          aria-describedby={ids.counter}
          disabled={submitting}
          className="text-base"
        />
        <p
          id={ids.counter}
          className={cn(
            'text-end text-xs',
            nearLimit ? 'font-medium text-foreground' : 'text-muted-foreground',
          )}
        >
          {t('form.characters', {
            current: number.format(content.length),
            max: number.format(REVIEW_CONTENT_MAX),
          })}
        </p>
      </div>

      {page.kind === 'location' && (
        <div className="space-y-2">
          <label htmlFor={ids.name} className="block text-sm font-medium">
            {t('form.yourName')}{' '}
            <span className="font-normal text-muted-foreground">{t('form.optional')}</span>
          </label>
          <input
            id={ids.name}
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={REVIEWER_NAME_MAX}
            autoComplete="name"
            disabled={submitting}
            className="flex h-11 w-full rounded-md border border-input bg-background px-3 text-base shadow-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background"
          />
        </div>
      )}

      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium">
          {t('form.addVideo')} <span className="font-normal text-muted-foreground">{t('form.optional')}</span>
        </legend>
        <VideoCapture
          value={video}
          onChange={setVideo}
          maxBytes={page.maxVideoBytes}
          acceptedTypes={page.acceptedVideoTypes}
          disabled={submitting}
        />
      </fieldset>

      {uploadProgress !== null && (
        <div className="space-y-1">
          <div className="flex justify-between text-sm">
            <span id={`${ids.question}-upload`}>{t('form.uploading')}</span>
            <span aria-hidden="true">
              {new Intl.NumberFormat(language, { style: 'percent' }).format(
                Math.round(uploadProgress * 100) / 100,
              )}
            </span>
          </div>
          <div
            role="progressbar"
            aria-labelledby={`${ids.question}-upload`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(uploadProgress * 100)}
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full bg-primary motion-safe:transition-[width]"
              style={{ width: `${Math.round(uploadProgress * 100)}%` }}
            />
          </div>
        </div>
      )}

      {error && (
        <p
          role="alert"
          className="rounded-md bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive"
        >
          {error}
        </p>
      )}

      <Button type="submit" size="lg" className="h-12 w-full text-base" disabled={submitting}>
        {submitting ? t('form.sending') : t('form.submit')}
      </Button>
    </form>
  );
}
