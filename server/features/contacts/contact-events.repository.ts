import type { Channel } from '@shared/schemas/domain';
import type { ContactEventKind } from '@shared/schemas/contacts';
import type { Database } from '../../db/client';
import { contactEvents } from '../../db/schema';

export interface NewContactEvent {
  ownerId: number;
  contactId: number;
  kind: ContactEventKind;
  channel?: Channel | null;
  detail?: string;
  reviewRequestId?: number | null;
}

/** Adds lines to contacts' timelines (asked, skipped, cancelled, reviewed), in the transaction that made them. */
export async function recordContactEvents(
  db: Pick<Database, 'insert'>,
  events: NewContactEvent[],
): Promise<void> {
  if (events.length === 0) return;
  await db.insert(contactEvents).values(
    events.map((e) => ({
      ownerId: e.ownerId,
      contactId: e.contactId,
      kind: e.kind,
      channel: e.channel ?? null,
      detail: e.detail ?? '',
      reviewRequestId: e.reviewRequestId ?? null,
    })),
  );
}
