import { ExternalLink, MapPin, Sparkles, Video } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { isResponded, type Review } from '@shared/schemas/reviews';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { formatDate, initials } from '@/lib/utils';

import { ResponseBadge } from './response-badge';
import { REVIEW_SOURCE_LABELS, reviewerLabel } from './review-source';
import { StarRating } from './star-rating';
import { suggestResponse } from './suggest-response';
import { useSubmitReviewResponse } from './submit-review-response';

export { ResponseBadge } from './response-badge';
export { StarRating } from './star-rating';

/** The suggestion button shows its Generating state for about a second (seed-spec section 4). */
export const SUGGESTION_DELAY_MS = 1000;

export interface ReviewDetailsDialogProps {
  review: Review | null | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Runs after a reply instead of refetching the reviews and the dashboard stats. */
  onResponded?: () => unknown;
}

/** The Review Details dialog (seed-spec section 2): the review, then its reply or a form to write one. */
export function ReviewDetailsDialog({ review, open, onOpenChange, onResponded }: ReviewDetailsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Review Details</DialogTitle>
          <DialogDescription>Read the review and answer your customer.</DialogDescription>
        </DialogHeader>
        {/* Keyed by review, so a draft or a sent reply never leaks into another review. */}
        <ReviewDetails key={review?.id ?? 'none'} review={review} onResponded={onResponded} />
      </DialogContent>
    </Dialog>
  );
}

interface ReviewDetailsProps {
  review: Review | null | undefined;
  onResponded?: () => unknown;
}

function ReviewDetails({ review, onResponded }: ReviewDetailsProps) {
  // The reply just sent shows at once, even before (or without) the list refetching.
  const [sent, setSent] = useState<Pick<Review, 'responseContent' | 'respondedAt'> | null>(null);
  const shown = review && sent ? { ...review, ...sent } : review;

  return (
    <div className="grid gap-5">
      {shown ? <ReviewSummary review={shown} /> : null}
      {shown && isResponded(shown) ? (
        <section
          aria-labelledby="review-response-heading"
          className="grid gap-2 rounded-lg border bg-muted/40 p-4"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id="review-response-heading" className="text-sm font-semibold">
              Your response
            </h3>
            {shown.respondedAt ? (
              <span className="text-xs text-muted-foreground">
                Responded on {formatDate(shown.respondedAt)}
              </span>
            ) : null}
          </div>
          <p className="whitespace-pre-line text-sm">{shown.responseContent}</p>
        </section>
      ) : (
        <ResponseForm review={review} onResponded={onResponded} onSent={setSent} />
      )}
    </div>
  );
}

function ReviewSummary({ review }: { review: Review }) {
  const name = reviewerLabel(review.reviewerName);
  return (
    <article className="grid gap-3">
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary"
        >
          {initials(name) || '?'}
        </span>
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <p className="truncate font-medium">{name}</p>
            <ResponseBadge review={review} />
          </div>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <StarRating rating={review.rating} size="sm" />
            <Badge variant="outline">{REVIEW_SOURCE_LABELS[review.type]}</Badge>
            <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
          </div>
          {review.locationName ? (
            <p className="flex items-center gap-1 text-sm text-muted-foreground">
              <MapPin className="size-3.5" aria-hidden="true" />
              {review.locationName}
            </p>
          ) : null}
        </div>
      </div>
      {review.content ? (
        <p className="whitespace-pre-line text-sm leading-relaxed">{review.content}</p>
      ) : (
        <p className="text-sm italic text-muted-foreground">The customer left a rating without a comment.</p>
      )}
      <div className="flex flex-wrap gap-3 text-sm">
        {review.videoUrl ? (
          <a
            href={review.videoUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
          >
            <Video className="size-4" aria-hidden="true" />
            Watch video
          </a>
        ) : null}
        {review.sourceUrl ? (
          <a
            href={review.sourceUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            View on {REVIEW_SOURCE_LABELS[review.type]}
          </a>
        ) : null}
      </div>
    </article>
  );
}

interface ResponseFormProps {
  review: Review | null | undefined;
  onResponded?: () => unknown;
  onSent: (sent: Pick<Review, 'responseContent' | 'respondedAt'>) => void;
}

function ResponseForm({ review, onResponded, onSent }: ResponseFormProps) {
  const fieldId = useId();
  const [text, setText] = useState('');
  const [generating, setGenerating] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const submit = useSubmitReviewResponse(onResponded);

  useEffect(() => () => clearTimeout(timer.current), []);

  const suggest = () => {
    if (!review) return;
    setGenerating(true);
    timer.current = setTimeout(() => {
      setText(suggestResponse(review));
      setGenerating(false);
      toast({
        title: 'Response suggestion generated',
        description: 'Feel free to edit the suggestion before submitting.',
      });
    }, SUGGESTION_DELAY_MS);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const reply = text.trim();
    if (!reply) {
      toast({ title: 'Response required', description: 'Please enter a response', variant: 'destructive' });
      return;
    }
    submit.mutate(
      { review, text: reply },
      {
        onSuccess: (answer) => {
          onSent({
            responseContent: answer?.responseContent || reply,
            respondedAt: answer?.respondedAt ?? new Date().toISOString(),
          });
          toast({
            title: 'Response submitted',
            description: 'Your response has been submitted successfully.',
          });
        },
        onError: (error) => {
          toast({
            title: 'Error',
            description: error.message || 'Failed to submit response. Please try again.',
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-3" aria-label="Respond to review">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Label htmlFor={fieldId}>Your response</Label>
        <Button type="button" variant="outline" size="sm" onClick={suggest} disabled={generating || !review}>
          <Sparkles aria-hidden="true" />
          {generating ? 'Generating...' : 'Suggest response'}
        </Button>
      </div>
      <Textarea
        id={fieldId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={6}
        placeholder="Write a reply your customer will read…"
      />
      <DialogFooter>
        <Button type="submit" disabled={text === '' || submit.isPending}>
          {submit.isPending ? 'Submitting...' : 'Submit Response'}
        </Button>
      </DialogFooter>
    </form>
  );
}
