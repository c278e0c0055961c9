import { formatDate } from '@/lib/utils';
import type { ContactEvent } from '@shared/contacts';

import { useContactTimeline } from '../api/get-contact-timeline';
import { CHANNEL_LABELS } from './opt-out-badges';

/** Each line's headline; the detail says where an ask came from or why it was skipped or cancelled. */
function headline(event: ContactEvent): string {
  const by = event.channel ? ` by ${CHANNEL_LABELS[event.channel]}` : '';
  switch (event.kind) {
    case 'asked':
      return `Asked for a review${by}`;
    case 'skipped':
      return `Not asked${by}`;
    case 'cancelled':
      return `Request cancelled${event.reviewRequestId ? ` (#${event.reviewRequestId})` : ''}`;
    case 'reviewed':
      return 'Left a review';
  }
}

/**
 * The contact's timeline (issue 41): when they were asked, when a send left them out and why, and which
 * requests ended because they reviewed, so the owner can answer "why (not) this customer?".
 */
export function ContactTimeline({ contactId }: { contactId: number }) {
  const timeline = useContactTimeline(contactId);
  if (!timeline.data || timeline.data.length === 0) return null;
  return (
    <details className="rounded-md border p-3 text-sm">
      <summary className="cursor-pointer font-medium">Requests timeline</summary>
      <ul aria-label="Requests timeline" className="mt-2 grid gap-1.5">
        {timeline.data.map((event) => (
          <li key={event.id}>
            {headline(event)}
            <span className="text-muted-foreground"> · {formatDate(event.createdAt)}</span>
            {event.detail ? <p className="break-words text-muted-foreground">{event.detail}</p> : null}
          </li>
        ))}
      </ul>
    </details>
  );
}
