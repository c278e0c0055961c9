import { Send } from 'lucide-react';

import { Button } from '@/components/ui/button';
import type { Channel } from '@shared/domain';
import {
  METHOD_LABELS,
  type BulkReviewRequestPreview,
  type BulkReviewRequestResult,
  type BulkSkipped,
} from '@shared/review-requests';

const customers = (n: number) => `${n} customer${n === 1 ? '' : 's'}`;

function SkippedList({ skipped, names }: { skipped: BulkSkipped[]; names?: Map<number, string> }) {
  if (skipped.length === 0) return null;
  return (
    <ul className="list-inside list-disc text-muted-foreground">
      {skipped.map((s) => (
        <li key={s.contactId} className="break-words">
          {s.name ?? names?.get(s.contactId) ?? `Contact #${s.contactId}`}: {s.reason}
        </li>
      ))}
    </ul>
  );
}

/**
 * The bulk send before it happens: how many customers are asked, who is skipped and why, and the message
 * as the first of them reads it. Only "Send to N customers" sends.
 */
export function BulkPreviewPanel({
  preview,
  method,
  sending,
  onSend,
  onCancel,
}: {
  preview: BulkReviewRequestPreview;
  method: Channel;
  sending: boolean;
  onSend: () => void;
  onCancel: () => void;
}) {
  const { count, skipped, message } = preview;
  return (
    <section aria-label="Preview" className="grid gap-3 rounded-md border bg-muted/40 p-3 text-sm">
      <p role="status" className="font-medium">
        {count > 0
          ? `${customers(count)} will be asked by ${METHOD_LABELS[method]}.`
          : 'Nobody would be asked.'}
        {skipped.length ? ` ${skipped.length} skipped:` : ''}
      </p>
      <SkippedList skipped={skipped} />
      {message ? (
        <div className="grid gap-1">
          <p className="font-medium">What {message.contactName} will read</p>
          <div className="grid gap-2 rounded-md border bg-background p-3">
            {message.subject !== null ? (
              <p>
                <span className="text-muted-foreground">Subject: </span>
                {message.subject}
              </p>
            ) : null}
            <p className="whitespace-pre-wrap break-words">{message.body}</p>
          </div>
          <p className="text-xs text-muted-foreground">Each customer gets their own name and review link.</p>
        </div>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        {count > 0 ? (
          <Button
            type="button"
            icon={<Send aria-hidden="true" />}
            pending={sending}
            pendingLabel="Sending…"
            onClick={onSend}
          >
            {`Send to ${customers(count)}`}
          </Button>
        ) : null}
        <Button type="button" variant="outline" onClick={onCancel} disabled={sending}>
          Not now
        </Button>
      </div>
    </section>
  );
}

/** What the send did: how many went out and who was skipped, with why. */
export function BulkResult({
  result,
  names,
}: {
  result: BulkReviewRequestResult;
  names: Map<number, string>;
}) {
  return (
    <div role="status" className="grid gap-1 rounded-md border bg-muted/40 p-3 text-sm">
      <p className="font-medium">
        {result.created} request{result.created === 1 ? '' : 's'} queued to send
        {result.skipped.length ? `, ${result.skipped.length} skipped` : ''}.
      </p>
      <SkippedList skipped={result.skipped} names={names} />
    </div>
  );
}
