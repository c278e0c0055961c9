import { CheckCircle2, RotateCcw, Send } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import {
  FEEDBACK_CASE_STATUS_LABELS,
  FEEDBACK_MESSAGE_MAX,
  FEEDBACK_MESSAGES,
  type FeedbackCase,
  type FeedbackCaseStatus,
  type FeedbackChannel,
  type FeedbackDelivery,
  type FeedbackMessage,
} from '@shared/feedback-cases';
import type { FeedbackMessageInput } from '@shared/schemas/feedback-cases';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { RegisteredFormField } from '@/components/ui/registered-form-field';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { cn } from '@/lib/utils';

import { useFeedbackCaseAction } from '../api/feedback-cases';

const CHANNEL_NAMES: Record<FeedbackChannel, string> = { email: 'email', sms: 'SMS' };

const messageResolver = lazyZodResolver<FeedbackMessageInput, FeedbackMessageInput>(() =>
  import('@shared/schemas/feedback-cases').then((m) => m.FeedbackMessageSchema),
);

const STATUS_STYLES: Record<FeedbackCaseStatus, string> = {
  open: 'border-amber-500/50 bg-amber-50 text-amber-900 dark:bg-amber-950/40 dark:text-amber-100',
  waiting: 'border-sky-500/50 bg-sky-50 text-sky-900 dark:bg-sky-950/40 dark:text-sky-100',
  resolved:
    'border-emerald-500/50 bg-emerald-50 text-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-100',
};

export function FeedbackCaseBadge({ status }: { status: FeedbackCaseStatus }) {
  return (
    <Badge variant="outline" className={STATUS_STYLES[status]}>
      {FEEDBACK_CASE_STATUS_LABELS[status]}
    </Badge>
  );
}

const dateTime = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** What really happened to a message sent to the customer, in the words the screens use. */
export function deliveryText(delivery: FeedbackDelivery): string {
  switch (delivery.status) {
    case 'queued':
      return delivery.sendAt
        ? `Scheduled for ${dateTime(delivery.sendAt)} (the customer’s quiet hours)`
        : 'Sending…';
    case 'sent':
      return `Sent by ${CHANNEL_NAMES[delivery.channel ?? 'email']}`;
    case 'outbox':
      return 'Kept in the outbox: sending is not set up';
    case 'not_sent':
      return `Not sent: ${delivery.reason ?? 'the customer cannot be reached'}`;
    case 'failed':
      return `Failed: ${delivery.reason ?? 'the message could not be sent'}`;
  }
}

/** The toast after a message: what the server did with it, not what we hoped. */
export function messageToast(message: FeedbackMessage | undefined) {
  const delivery = message?.delivery;
  if (!delivery) return { title: FEEDBACK_MESSAGES.sent };
  if (delivery.status === 'sent') return { title: FEEDBACK_MESSAGES.sent };
  if (delivery.status === 'outbox') return { title: FEEDBACK_MESSAGES.kept };
  if (delivery.status === 'queued')
    return delivery.sendAt
      ? { title: FEEDBACK_MESSAGES.scheduled, description: deliveryText(delivery) }
      : { title: 'Sending your message', description: 'The conversation shows when it has gone.' };
  return { title: 'Message not sent', description: deliveryText(delivery), variant: 'destructive' as const };
}

/**
 * Before the first reply: where it will go. A case's first reply is sent to the customer (the review's reply
 * path does it), unless they cannot be reached.
 */
export function caseReplyNote(feedbackCase: FeedbackCase): { before: string; after: string } {
  const { customerName: name, channel } = feedbackCase;
  if (feedbackCase.status === 'resolved') {
    const saved = 'This case is resolved: your reply is saved here and not sent to the customer.';
    return { before: saved, after: saved };
  }
  if (!channel) {
    const saved = `${name} cannot be reached: ${feedbackCase.unreachableReason} Your reply is saved here only.`;
    return { before: saved, after: saved };
  }
  return {
    before: `Your reply will be sent to ${name} by ${CHANNEL_NAMES[channel]}.`,
    after: `On its way to ${name} by ${CHANNEL_NAMES[channel]}: the feedback case shows when it has gone.`,
  };
}

function Conversation({ feedbackCase }: { feedbackCase: FeedbackCase }) {
  if (feedbackCase.messages.length === 0)
    return (
      <p className="text-sm text-muted-foreground">No messages yet: your reply starts the conversation.</p>
    );
  return (
    <ol className="grid gap-2" aria-label="Conversation">
      {feedbackCase.messages.map((message) => {
        const ours = message.author === 'business';
        return (
          <li
            key={message.id}
            className={cn(
              'grid gap-1 rounded-lg border p-3 text-sm',
              ours ? 'bg-background sm:ml-8' : 'bg-muted/60 sm:mr-8',
            )}
          >
            <p className="flex flex-wrap justify-between gap-x-2 text-xs text-muted-foreground">
              <span className="font-medium text-foreground">{ours ? 'You' : feedbackCase.customerName}</span>
              <time dateTime={message.createdAt}>{dateTime(message.createdAt)}</time>
            </p>
            <p className="whitespace-pre-line break-words">{message.body}</p>
            {message.delivery ? (
              <p
                className={cn(
                  'text-xs',
                  message.delivery.status === 'failed' || message.delivery.status === 'not_sent'
                    ? 'text-destructive'
                    : 'text-muted-foreground',
                )}
              >
                {deliveryText(message.delivery)}
              </p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

function MessageForm({ feedbackCase }: { feedbackCase: FeedbackCase }) {
  const id = useId();
  const action = useFeedbackCaseAction(feedbackCase.id, feedbackCase.reviewId);
  const form = useForm<FeedbackMessageInput, unknown, FeedbackMessageInput>({
    resolver: messageResolver,
    defaultValues: { body: '' },
  });
  const blocked =
    feedbackCase.status === 'resolved'
      ? 'Reopen the case to write to the customer again.'
      : feedbackCase.channel
        ? null
        : `${feedbackCase.customerName} cannot be reached: ${feedbackCase.unreachableReason}`;

  const onSubmit = form.handleSubmit(({ body }) =>
    action.mutate(
      { kind: 'message', body },
      {
        onSuccess: (updated) => {
          form.reset({ body: '' });
          toast(messageToast(updated.messages.at(-1)));
        },
        onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
      },
    ),
  );

  return (
    <form noValidate onFocus={messageResolver.preload} onSubmit={onSubmit} className="grid gap-2">
      <RegisteredFormField
        form={form}
        name="body"
        id={`${id}-message`}
        label={`Message to ${feedbackCase.customerName}`}
        description={
          blocked ?? `Sent by ${CHANNEL_NAMES[feedbackCase.channel!]}, with a link where they can answer.`
        }
      >
        <Textarea rows={3} maxLength={FEEDBACK_MESSAGE_MAX} disabled={Boolean(blocked)} />
      </RegisteredFormField>
      <div>
        <Button
          type="submit"
          size="sm"
          disabled={Boolean(blocked)}
          pending={action.isPending && action.variables?.kind === 'message'}
          pendingLabel="Sending…"
        >
          <Send aria-hidden="true" />
          Send message
        </Button>
      </div>
    </form>
  );
}

/**
 * A private review's feedback case (issue 47, item 3) in its dialog: where it stands, the conversation with
 * what reached the customer, a message box once the review is answered, and resolve or reopen.
 */
export function FeedbackCaseSection({
  feedbackCase,
  responded,
}: {
  feedbackCase: FeedbackCase;
  responded: boolean;
}) {
  const action = useFeedbackCaseAction(feedbackCase.id, feedbackCase.reviewId);
  const resolved = feedbackCase.status === 'resolved';
  const toggle = () =>
    action.mutate(
      { kind: resolved ? 'reopen' : 'resolve' },
      {
        onSuccess: () => toast({ title: resolved ? FEEDBACK_MESSAGES.reopened : FEEDBACK_MESSAGES.resolved }),
        onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
      },
    );

  return (
    <section aria-labelledby="feedback-case-heading" className="grid gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="feedback-case-heading" className="text-sm font-semibold">
          Feedback case
        </h3>
        <FeedbackCaseBadge status={feedbackCase.status} />
      </div>
      {resolved && feedbackCase.resolvedAt ? (
        <p className="text-sm text-muted-foreground">
          {feedbackCase.resolvedBy === 'customer' ? 'Resolved by the customer' : 'Resolved by you'} on{' '}
          {dateTime(feedbackCase.resolvedAt)}.
        </p>
      ) : null}
      <Conversation feedbackCase={feedbackCase} />
      {responded ? <MessageForm feedbackCase={feedbackCase} /> : null}
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={toggle}
          pending={action.isPending && action.variables?.kind !== 'message'}
          pendingLabel={resolved ? 'Reopening…' : 'Resolving…'}
        >
          {resolved ? <RotateCcw aria-hidden="true" /> : <CheckCircle2 aria-hidden="true" />}
          {resolved ? 'Reopen' : 'Mark resolved'}
        </Button>
      </div>
    </section>
  );
}
