import type { Channel } from '@shared/schemas/domain';
import type { ConsentEventKind, ConsentSource } from '@shared/schemas/contacts';
import type { Database } from '../../db/client';
import { contactConsentEvents } from '../../db/schema';

export interface NewConsentEvent {
  ownerId: number;
  contactId: number;
  channel: Channel;
  kind: ConsentEventKind;
  source: ConsentSource;
  reason?: string | null;
}

/** The channels a contact can be reached on, from what is known of them. */
export function reachableChannels(contact: { email: string | null; phone: string | null }): Channel[] {
  return [
    ...(contact.email ? (['email'] as const) : []),
    ...(contact.phone ? (['sms', 'whatsapp'] as const) : []),
  ];
}

/** Adds to contacts' consent records, in the transaction that made the change they record. */
export async function recordConsent(db: Pick<Database, 'insert'>, events: NewConsentEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.insert(contactConsentEvents).values(events.map((e) => ({ ...e, reason: e.reason ?? null })));
}
