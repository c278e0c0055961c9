import type { RequestHandler } from 'express';
import { badRequest } from '../lib/errors';

export const NUL_MESSAGE = 'Text must not contain the NUL character.';

/**
 * The path (`name`, `items.2.text`) of the first string holding a NUL, or undefined. The value is walked
 * without recursion, so no depth of nesting can overflow the stack.
 */
export function findNul(value: unknown): string | undefined {
  const pending: { item: unknown; path: string[] }[] = [{ item: value, path: [] }];
  while (pending.length > 0) {
    const { item, path } = pending.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return path.join('.') || '_root';
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return path.join('.') || '_root';
        pending.push({ item: child, path: [...path, key] });
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
