import { formatDate } from '@/lib/utils';
import type { ConsentEvent, ConsentSource } from '@shared/contacts';

import { useConsentRecord } from '../api/get-consent';
import { CHANNEL_LABELS } from './opt-out-badges';

const KIND: Record<ConsentEvent['kind'], string> = {
  consent: 'Can be contacted by',
  opt_out: 'Opted out of',
  opt_in: 'Re-subscribed to',
};

const SOURCE: Record<ConsentSource, string> = {
  manual: 'entered by hand',
  import: 'imported from a file',
  sms_stop: 'they replied STOP',
  sms_start: 'they replied START',
  unsubscribe_link: 'they used the unsubscribe link',
  owner: 'changed by you',
};

/** The contact's consent as recorded, for the owner to answer "why did they get this?" (issue 14). */
export function ConsentRecord({ contactId }: { contactId: number }) {
  const record = useConsentRecord(contactId);
  if (!record.data || record.data.length === 0) return null;
  return (
    <details className="rounded-md border p-3 text-sm">
      <summary className="cursor-pointer font-medium">Consent record</summary>
      <ul aria-label="Consent record" className="mt-2 grid gap-1.5">
        {record.data.map((event) => (
          <li key={event.id}>
            {KIND[event.kind]} {CHANNEL_LABELS[event.channel]}: {SOURCE[event.source]}
            <span className="text-muted-foreground"> · {formatDate(event.createdAt)}</span>
            {event.reason ? <p className="text-muted-foreground">Reason: {event.reason}</p> : null}
          </li>
        ))}
      </ul>
    </details>
  );
}
