import { badRequest } from '../../lib/errors';

/**
 * The review list's keyset position (issue 13: deep pages): the last row's `created_at`, to the microsecond
 * as Postgres keeps it, and its id. Opaque to clients: base64url of `<timestamp>|<id>`. It only positions a
 * list inside the caller's own reviews (the query is always scoped to the owner), so it needs no signature;
 * anything that does not decode to that shape is a 400.
 */
export interface ReviewCursor {
  /** `2026-11-26T04:32:00.123456Z`: exact, unlike a JS Date (milliseconds). */
  createdAt: string;
  id: number;
}

const SHAPE = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([1-9]\d{0,15})$/;
export const INVALID_CURSOR = 'cursor is not valid: use the X-Next-Cursor of the page before';

export function encodeReviewCursor(cursor: ReviewCursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`).toString('base64url');
}

export function decodeReviewCursor(text: string): ReviewCursor {
  const match = SHAPE.exec(Buffer.from(text, 'base64url').toString('utf8'));
  const id = Number(match?.[2]);
  if (!match || !Number.isSafeInteger(id) || Number.isNaN(Date.parse(match[1]!))) {
    throw badRequest(INVALID_CURSOR, { cursor: [INVALID_CURSOR] });
  }
  return { createdAt: match[1]!, id };
}
