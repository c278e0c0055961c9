import {
  AlertTriangle,
  CheckCircle2,
  Clock,
  ExternalLink,
  Lock,
  MapPin,
  Pencil,
  RotateCw,
  Sparkles,
  Square,
  Trash2,
  Video,
} from 'lucide-react';
import {
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
  type FormEvent,
  type Ref,
  type RefObject,
} from 'react';
import { isResponded, ratingChangeAfterReply, type ReplyResult, type Review } from '@shared/reviews';
import { suggestResponse } from '@shared/suggest-response';
import { useSearchParams } from 'wouter';

import { Badge } from '@/components/ui/badge';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
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
import { ResponseBadge } from '@/components/reviews/response-badge';
import { REVIEW_SOURCE_LABELS, reviewerLabel } from '@/components/reviews/review-source';
import { ReviewRating } from '@/components/reviews/review-rating';
import { useTenant } from '@/lib/tenant';
import { cn, formatDate, initials } from '@/lib/utils';

import {
  useDeleteReviewResponse,
  useEditReviewResponse,
  useRetryReviewResponse,
  useSubmitReviewResponse,
} from '../api/submit-review-response';
import { useReplyDraft } from '../api/reply-draft';
import { useReviewFeedbackCase } from '../api/feedback-cases';
import { caseReplyNote, FeedbackCaseSection } from './feedback-case-section';
import { SUGGESTION_NOTES, suggestReply } from '../api/suggest-reply';
import {
  replyGoesPublic,
  replyPlaceholder,
  replyPlaceText,
  replyToast,
  type ReplyOutcome,
} from './reply-place';

const EDIT_DOES_NOT_RESEND =
  'Changing your reply here does not send it again: write a message in the feedback case instead.';

/** The suggestion button shows its Generating state for about a second (seed-spec section 4). */
export const SUGGESTION_DELAY_MS = 1000;

/** Waits `ms` (nothing when it is not positive); rejects when `signal` aborts. */
function delay(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

/** What the reply box says about the reply an alert email offered ("Edit in ReviewFlow"). */
export const ALERT_DRAFT_NOTES = {
  ready: 'This is the reply from your alert email. Edit it, then submit.',
  gone: 'The reply from your alert email was used or has expired: write one, or ask for a suggestion.',
} as const;

export interface ReviewDetailsDialogProps {
  review: Review | null | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Runs after a reply instead of refetching the reviews and the dashboard stats. */
  onResponded?: () => unknown;
}

/** What the dialog asks of the reply form when it is about to close. */
interface ResponseFormHandle {
  /** Words in the box that were not sent (and differ from the reply being edited). */
  hasDraft: () => boolean;
  focus: () => void;
}

/** The Review Details dialog (seed-spec section 2): the review, then its reply or a form to write one. */
export function ReviewDetailsDialog({ review, open, onOpenChange, onResponded }: ReviewDetailsDialogProps) {
  const formRef = useRef<ResponseFormHandle>(null);
  const [askingToDiscard, setAskingToDiscard] = useState(false);
  // Escape, a click outside and the close button all come here: a reply not sent is never lost silently
  // (issue 43). The form is asked rather than mirrored in state: it only matters at this moment.
  const requestOpenChange = (next: boolean) => {
    if (!next && formRef.current?.hasDraft()) setAskingToDiscard(true);
    else onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={requestOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Review Details</DialogTitle>
          <DialogDescription>Read the review and answer your customer.</DialogDescription>
        </DialogHeader>
        {/* Keyed by review, so a draft or a sent reply never leaks into another review. */}
        <ReviewDetails
          key={review?.id ?? 'none'}
          review={review}
          onResponded={onResponded}
          formRef={formRef}
        />
      </DialogContent>
      <DiscardReplyDialog
        open={open && askingToDiscard}
        onKeep={() => setAskingToDiscard(false)}
        onDiscard={() => {
          setAskingToDiscard(false);
          onOpenChange(false);
        }}
        formRef={formRef}
      />
    </Dialog>
  );
}

/**
 * "Discard this reply?" over the Review Details dialog. Keeping the reply puts the focus back in the reply box
 * (ConfirmDialog would return it to the page control that opened Review Details, behind this modal).
 */
function DiscardReplyDialog({
  open,
  onKeep,
  onDiscard,
  formRef,
}: {
  open: boolean;
  onKeep: () => void;
  onDiscard: () => void;
  formRef: RefObject<ResponseFormHandle | null>;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onKeep())}
      title="Discard this reply?"
      description="It has not been sent. If you close now, what you wrote is lost."
      cancelLabel="Keep writing"
      confirmLabel="Discard reply"
      onConfirm={onDiscard}
      onCloseAutoFocus={(event) => {
        // Once discarded the form is gone, and the focus goes where the closed dialog sends it.
        if (!formRef.current) return;
        event.preventDefault();
        formRef.current.focus();
      }}
    />
  );
}

interface ReviewDetailsProps {
  review: Review | null | undefined;
  onResponded?: () => unknown;
  formRef?: Ref<ResponseFormHandle>;
}

function ReviewDetails({ review, onResponded, formRef }: ReviewDetailsProps) {
  // The reply as the server last answered it shows at once, even before (or without) the list refetching.
  const [answered, setAnswered] = useState<ReplyResult | null>(null);
  const [editing, setEditing] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shown: Review | null | undefined = answered ?? review;

  // A reply its site has not taken yet (issue 41) is shown on its own, with what can be done about it; while
  // it waits, the reply already on the site (an edit waiting) only shows.
  const waiting = Boolean(shown?.replyPublishState);
  const responded = Boolean(shown && isResponded(shown));
  // Private feedback from a customer we asked may have a case (issue 47, item 3): its reply goes to them.
  const caseQuery = useReviewFeedbackCase(shown?.id ?? null, Boolean(shown) && !replyGoesPublic(shown!));
  const feedbackCase = caseQuery.data ?? null;

  const onAnswered = (result: ReplyResult) => {
    setAnswered(result);
    setEditing(false);
    // The first reply became the case's first message: the conversation reads it here, whichever refresh the
    // caller chose (joining the list's refetch when one is under way).
    if (feedbackCase) void caseQuery.refetch({ cancelRefetch: false });
    // The form the focus was in is gone: keep keyboard users where the reply now is.
    requestAnimationFrame(() => headingRef.current?.focus());
  };
  return (
    <div className="grid gap-5">
      {shown ? <ReviewSummary review={shown} /> : null}
      {shown && waiting && !editing ? (
        <WaitingReplySection
          review={shown}
          headingRef={headingRef}
          onEdit={() => setEditing(true)}
          onSettled={onAnswered}
          onResponded={onResponded}
        />
      ) : null}
      {shown && responded && !editing ? (
        <ReplySection
          review={shown}
          outcome={answered}
          caseNote={feedbackCase ? 'Your first message in the feedback case below.' : undefined}
          headingRef={waiting ? undefined : headingRef}
          actions={!waiting}
          onEdit={() => setEditing(true)}
          onDeleted={onAnswered}
          onResponded={onResponded}
        />
      ) : null}
      {editing || !shown || (!waiting && !responded) ? (
        <ResponseForm
          ref={formRef}
          review={shown}
          editing={editing}
          caseNote={
            !feedbackCase
              ? undefined
              : editing
                ? { before: EDIT_DOES_NOT_RESEND, after: EDIT_DOES_NOT_RESEND }
                : caseReplyNote(feedbackCase)
          }
          onCancel={() => setEditing(false)}
          onResponded={onResponded}
          onAnswered={onAnswered}
        />
      ) : null}
      {feedbackCase ? <FeedbackCaseSection feedbackCase={feedbackCase} responded={responded} /> : null}
    </div>
  );
}

interface WaitingReplySectionProps {
  review: Review;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onEdit: () => void;
  onSettled: (result: ReplyResult) => void;
  onResponded?: () => unknown;
}

/**
 * A reply its site did not take yet (issue 41): its words, why it is not there, and what the owner can do:
 * try again now, change it, or discard it.
 */
function WaitingReplySection({
  review,
  headingRef,
  onEdit,
  onSettled,
  onResponded,
}: WaitingReplySectionProps) {
  const [confirming, setConfirming] = useState(false);
  const retry = useRetryReviewResponse(onResponded);
  const discard = useDeleteReviewResponse(onResponded);
  const site = REVIEW_SOURCE_LABELS[review.type];
  const failed = review.replyPublishState === 'failed';
  // No error while an attempt is under way: another one now would be refused.
  const publishing = !review.replyPublishError;
  const status = publishing
    ? `Being published on ${site}…`
    : failed
      ? `Not published on ${site}: ${review.replyPublishError}. We stopped trying.`
      : `Not on ${site} yet: ${review.replyPublishError}. We'll keep trying and tell you if it fails.`;
  const onError = (error: Error) =>
    toast({ title: 'Error', description: error.message, variant: 'destructive' });

  const onRetry = () =>
    retry.mutate(review, {
      onSuccess: (result) => {
        onSettled(result);
        toast(replyToast(review, result, 'retry'));
      },
      onError,
    });
  const onDiscard = () =>
    discard.mutate(review, {
      onSuccess: (result) => {
        setConfirming(false);
        onSettled(result);
        toast({
          title: 'Reply discarded',
          description: isResponded(result)
            ? `${site} keeps showing your earlier reply.`
            : `It never reached ${site}.`,
        });
      },
      onError,
    });

  return (
    <section
      aria-labelledby="review-waiting-reply-heading"
      className="grid gap-3 rounded-lg border border-amber-500/50 bg-amber-50 p-4 dark:bg-amber-950/40"
    >
      <h3
        id="review-waiting-reply-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-sm font-semibold outline-none"
      >
        {failed ? `Reply not published on ${site}` : `Reply not on ${site} yet`}
      </h3>
      <p className="whitespace-pre-line text-sm">{review.pendingReply}</p>
      <p role="status" className="flex items-start gap-1.5 text-sm text-amber-900 dark:text-amber-100">
        {failed ? (
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        ) : (
          <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        )}
        <span>{status}</span>
      </p>
      {confirming ? (
        <InlineConfirm
          label="Confirm discarding"
          question={`Discard this reply? It has not reached ${site}.`}
          confirm="Discard reply"
          pendingLabel="Discarding..."
          pending={discard.isPending}
          onConfirm={onDiscard}
          onKeep={() => setConfirming(false)}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" onClick={onRetry} disabled={publishing || retry.isPending}>
            <RotateCw aria-hidden="true" />
            {retry.isPending ? 'Trying...' : 'Try again now'}
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={onEdit} disabled={publishing}>
            <Pencil aria-hidden="true" />
            Edit reply
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden="true" />
            Discard
          </Button>
        </div>
      )}
    </section>
  );
}

interface ReplySectionProps {
  review: Review;
  outcome: ReplyOutcome | null;
  headingRef?: RefObject<HTMLHeadingElement | null>;
  /** Edit and Delete; hidden while a changed reply waits for its site (those act on the waiting one). */
  actions: boolean;
  onEdit: () => void;
  onDeleted: (result: ReplyResult) => void;
  onResponded?: () => unknown;
  /** For a feedback case's review: where the reply went instead of "only visible to you". */
  caseNote?: string;
}

/** The reply, where it lives, and what can be done with it. */
function ReplySection({
  review,
  outcome,
  caseNote,
  headingRef,
  actions,
  onEdit,
  onDeleted,
  onResponded,
}: ReplySectionProps) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteReviewResponse(onResponded);
  const place = caseNote ?? replyPlaceText(review, outcome);
  const published = Boolean(review.responsePublishedTo);

  const onDelete = () => {
    remove.mutate(review, {
      onSuccess: (result) => {
        setConfirming(false);
        onDeleted(result);
        toast({
          title: 'Response deleted',
          description:
            result.published !== 'none'
              ? `The reply was deleted here and on ${REVIEW_SOURCE_LABELS[result.published]}.`
              : result.notPublishedReason
                ? `Deleted in ReviewFlow only: ${result.notPublishedReason}.`
                : 'The reply was deleted.',
        });
      },
      onError: (error) => {
        toast({ title: 'Error', description: error.message, variant: 'destructive' });
      },
    });
  };

  return (
    <section
      aria-labelledby="review-response-heading"
      className="grid gap-3 rounded-lg border bg-muted/40 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3
          id="review-response-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-sm font-semibold outline-none"
        >
          Your response
        </h3>
        {review.respondedAt ? (
          <span className="text-xs text-muted-foreground">Responded on {formatDate(review.respondedAt)}</span>
        ) : null}
      </div>
      <p className="whitespace-pre-line text-sm">{review.responseContent}</p>
      <p role="status" className="flex items-start gap-1.5 text-sm text-muted-foreground">
        {published ? (
          <CheckCircle2
            className="mt-0.5 size-4 shrink-0 text-emerald-700 dark:text-emerald-400"
            aria-hidden="true"
          />
        ) : review.type === 'google' || review.type === 'facebook' ? (
          <AlertTriangle
            className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-400"
            aria-hidden="true"
          />
        ) : (
          <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        )}
        <span>{place}</span>
      </p>
      {!actions ? null : confirming ? (
        <InlineConfirm
          label="Confirm deletion"
          className="border-destructive/40"
          question={
            published
              ? `Delete this reply here and on ${REVIEW_SOURCE_LABELS[review.responsePublishedTo!]}?`
              : 'Delete this reply?'
          }
          confirm="Delete reply"
          pendingLabel="Deleting..."
          pending={remove.isPending}
          onConfirm={onDelete}
          onKeep={() => setConfirming(false)}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={onEdit}>
            <Pencil aria-hidden="true" />
            Edit reply
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden="true" />
            Delete reply
          </Button>
        </div>
      )}
    </section>
  );
}

/** "Are you sure?" inside the dialog, for an action on a reply that cannot be undone; focus starts on keeping it. */
function InlineConfirm({
  label,
  question,
  confirm,
  pendingLabel,
  pending,
  onConfirm,
  onKeep,
  className,
}: {
  label: string;
  question: string;
  confirm: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onKeep: () => void;
  className?: string;
}) {
  return (
    <div role="group" aria-label={label} className={cn('grid gap-2 rounded-md border p-3', className)}>
      <p className="text-sm">{question}</p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="destructive" size="sm" onClick={onConfirm} disabled={pending}>
          {pending ? pendingLabel : confirm}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={onKeep} autoFocus>
          Keep it
        </Button>
      </div>
    </div>
  );
}

/** What the sync saw change on the review's site since (issue 47, item 2): a new rating, or the review gone. */
function SiteChanges({ review }: { review: Review }) {
  const ratingChange = ratingChangeAfterReply(review);
  if (!ratingChange && !review.removedFromSiteAt) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      {ratingChange ? <Badge variant="secondary">{ratingChange}</Badge> : null}
      {review.removedFromSiteAt ? (
        <Badge variant="outline" className="border-amber-500/60 text-amber-800 dark:text-amber-300">
          Removed from {REVIEW_SOURCE_LABELS[review.type]} on {formatDate(review.removedFromSiteAt)}
        </Badge>
      ) : null}
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
            <ReviewRating review={review} size="sm" />
            <Badge variant="outline">{REVIEW_SOURCE_LABELS[review.type]}</Badge>
            <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
          </div>
          <SiteChanges review={review} />
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
  ref?: Ref<ResponseFormHandle>;
  review: Review | null | undefined;
  /** Changing the reply already sent (prefilled), rather than writing the first one. */
  editing: boolean;
  onCancel: () => void;
  onResponded?: () => unknown;
  onAnswered: (result: ReplyResult) => void;
  /** For a feedback case's review: who the reply goes to, said before sending and in the toast after. */
  caseNote?: { before: string; after: string };
}

function ResponseForm({
  ref,
  review,
  editing,
  onCancel,
  onResponded,
  onAnswered,
  caseNote,
}: ResponseFormProps) {
  const fieldId = useId();
  const statusId = useId();
  const { apiBase } = useTenant();
  // Editing changes the reply waiting for its site when one waits (issue 41), else the reply itself.
  const [initialText] = useState(editing ? (review?.pendingReply ?? review?.responseContent ?? '') : '');
  const [text, setText] = useState(initialText);
  /** waiting: asked, nothing yet; writing: the model's reply is streaming into the box. */
  const [phase, setPhase] = useState<'idle' | 'waiting' | 'writing'>('idle');
  const [status, setStatus] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const suggestion = useRef<AbortController>(undefined);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const create = useSubmitReviewResponse(onResponded);
  const edit = useEditReviewResponse(onResponded);
  const submit = editing ? edit : create;
  const busy = phase !== 'idle';

  useImperativeHandle(
    ref,
    () => ({
      // A reply on its way is not a draft: closing does not stop it.
      hasDraft: () => !submit.isPending && text.trim() !== '' && text.trim() !== initialText.trim(),
      focus: () => fieldRef.current?.focus(),
    }),
    [submit.isPending, text, initialText],
  );

  // "Edit in ReviewFlow" from an alert email: the box starts from the reply the email offered.
  const [searchParams] = useSearchParams();
  const fromAlert =
    !editing && searchParams.get('draft') === '1' && Number(searchParams.get('review')) === review?.id;
  const alertDraft = useReplyDraft(fromAlert && review ? review.id : null);
  const [alertNote, setAlertNote] = useState<string | null>(null);
  useEffect(() => {
    if (alertDraft.data) {
      setText((current) => (current === '' ? alertDraft.data.content : current));
      setAlertNote(ALERT_DRAFT_NOTES.ready);
    } else if (alertDraft.isError) setAlertNote(ALERT_DRAFT_NOTES.gone);
  }, [alertDraft.data, alertDraft.isError]);

  // Closing the dialog (or moving to another review) stops a suggestion still arriving.
  useEffect(() => () => suggestion.current?.abort(), []);
  useEffect(() => {
    if (editing) fieldRef.current?.focus();
  }, [editing]);

  const suggest = async () => {
    if (!review || busy) return;
    const controller = new AbortController();
    suggestion.current = controller;
    const before = text;
    const started = Date.now();
    setPhase('waiting');
    setStatus('Writing…');
    setNote(null);
    // Disabling the pressed button would drop focus to the page body: keep it in the dialog, on the reply.
    fieldRef.current?.focus();
    try {
      const outcome = await suggestReply(apiBase, review.id, {
        signal: controller.signal,
        onText: (sofar) => {
          setPhase('writing');
          setText(sofar);
        },
      });
      if (outcome.source === 'template') {
        // The template shows after the usual Generating moment (seed-spec section 4), never a cut-off reply.
        await delay(SUGGESTION_DELAY_MS - (Date.now() - started), controller.signal);
        setText(suggestResponse(review));
        setNote(outcome.note ?? null);
      } else {
        setText(outcome.text);
      }
      setStatus(outcome.source === 'template' && outcome.note ? outcome.note : 'Suggestion ready.');
      toast({
        title: 'Response suggestion generated',
        description: 'Feel free to edit the suggestion before submitting.',
      });
    } catch {
      if (controller.signal.aborted) {
        // Stopped by the owner (or the dialog closed): their own text comes back as it was.
        setText(before);
        setStatus('Stopped. Your text is as it was.');
      } else {
        setText(suggestResponse(review));
        setNote(SUGGESTION_NOTES.noAnswer);
        setStatus(SUGGESTION_NOTES.noAnswer);
      }
    } finally {
      if (suggestion.current === controller) {
        suggestion.current = undefined;
        setPhase('idle');
        // The button was disabled while generating, which drops focus: give it to the filled-in text.
        fieldRef.current?.focus();
      }
    }
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
        onSuccess: (result) => {
          onAnswered(result);
          toast(
            caseNote && !editing
              ? { title: 'Response submitted', description: caseNote.after }
              : replyToast(result, result, editing ? 'edit' : 'create'),
          );
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
    <form
      onSubmit={onSubmit}
      className="grid gap-3"
      aria-label={editing ? 'Edit your response' : 'Respond to review'}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Label htmlFor={fieldId}>Your response</Label>
        <div className="flex flex-wrap gap-2">
          {busy ? (
            <Button type="button" variant="ghost" size="sm" onClick={() => suggestion.current?.abort()}>
              <Square aria-hidden="true" />
              Stop
            </Button>
          ) : null}
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => void suggest()}
            disabled={busy || !review}
          >
            <Sparkles aria-hidden="true" />
            {busy ? 'Generating...' : 'Suggest response'}
          </Button>
        </div>
      </div>
      <Textarea
        id={fieldId}
        ref={fieldRef}
        value={text}
        onChange={(event) => setText(event.target.value)}
        readOnly={busy}
        aria-busy={phase === 'writing'}
        aria-describedby={note ? statusId : undefined}
        rows={6}
        placeholder={caseNote ? 'Write a reply your customer will read…' : replyPlaceholder(review)}
      />
      {caseNote ? <p className="text-sm text-muted-foreground">{caseNote.before}</p> : null}
      {alertNote ? <p className="text-sm text-muted-foreground">{alertNote}</p> : null}
      <p
        id={statusId}
        role="status"
        aria-live="polite"
        className={note ? 'text-sm text-amber-800 dark:text-amber-300' : 'sr-only'}
      >
        {status}
      </p>
      <DialogFooter>
        {editing ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={text === '' || busy || submit.isPending}>
          {submit.isPending ? 'Submitting...' : editing ? 'Save changes' : 'Submit Response'}
        </Button>
      </DialogFooter>
    </form>
  );
}
