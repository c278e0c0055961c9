import type { RequestHandler } from 'express';
import { badRequest, NUL_MESSAGE } from '../lib/errors';

/** A value waiting to be looked at, with the key it sits under and its parent's entry: its path, unbuilt. */
interface Visit {
  item: unknown;
  key: string | null;
  parent: Visit | null;
}

function pathOf(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | null = visit; at && at.key !== null; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.') || '_root';
}

/**
 * The path (`name`, `items.2.text`) of the first string holding a NUL, or undefined. The value is walked
 * without recursion, and each value is visited once with a link to its parent (the path is built only for a
 * hit), so the walk is linear in the body whatever its nesting (issue 42, item 1).
 */
export function findNul(value: unknown): string | undefined {
  const pending: Visit[] = [{ item: value, key: null, parent: null }];
  while (pending.length > 0) {
    const visit = pending.pop()!;
    const { item } = visit;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return pathOf(visit);
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const key of Object.keys(item)) {
        if (key.includes('\u0000')) return pathOf(visit);
        pending.push({ item: (item as Record<string, unknown>)[key], key, parent: visit });
      }
    }
  }
  return undefined;
}

/**
 * Postgres cannot store the NUL character in text: a NUL in any field or search would fail the query (a
 * 500). Every JSON or form body and every query string is refused at the door instead, naming the field.
 */
export const rejectNul: RequestHandler = (req, _res, next) => {
  const field = findNul(req.query) ?? findNul(req.body);
  if (field === undefined) return next();
  next(badRequest(NUL_MESSAGE, { [field]: [NUL_MESSAGE] }, 'validation_failed'));
};
