import type { RequestEventKind } from '@shared/schemas/review-requests';
import type { Database } from '../../db/client';
import { reviewRequestEvents } from '../../db/schema';

export interface NewRequestEvent {
  ownerId: number;
  reviewRequestId: number;
  kind: RequestEventKind;
  detail?: string | null;
}

/** Adds steps to requests' timelines, in the transaction that made the step happen. */
export async function recordRequestEvents(
  db: Pick<Database, 'insert'>,
  events: NewRequestEvent[],
): Promise<void> {
  if (events.length === 0) return;
  await db.insert(reviewRequestEvents).values(events.map((e) => ({ ...e, detail: e.detail ?? null })));
}
