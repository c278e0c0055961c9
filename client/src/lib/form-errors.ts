import type { ApiErrorCode } from '@shared/schemas/api-error';
import { isApiError } from './api-client';

/**
 * The form field a refusal belongs to, chosen by its stable code (`email_taken` → `email`), never by
 * matching words in the message; undefined when the error is not one of the given codes.
 */
export function fieldError<F extends string>(
  error: unknown,
  fields: Partial<Record<ApiErrorCode, F>>,
): { field: F; message: string } | undefined {
  if (!isApiError(error)) return undefined;
  const field = fields[error.code];
  return field === undefined ? undefined : { field, message: error.message };
}
