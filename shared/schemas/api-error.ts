import { z } from 'zod';

/**
 * The stable codes of error answers. A client picks a field or a screen by the code, never by matching the
 * message (messages are for people and may be reworded). Most codes follow from the status; the named ones
 * below them are thrown on purpose where a form or a screen must tell one refusal from another.
 */
export const API_ERROR_CODES = [
  // One per status: what an AppError carries when it names no code of its own.
  'bad_request',
  'unauthenticated',
  'plan_limit_reached',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'range_not_satisfiable',
  'rate_limited',
  'internal_error',
  'upstream_failed',
  'service_unavailable',
  'insufficient_storage',
  // Requests the server could not read.
  'validation_failed',
  'malformed_json',
  'malformed_upload',
  'malformed_url',
  // Refusals a form maps to one of its fields or a screen acts on.
  'invalid_credentials',
  'invalid_token',
  'email_taken',
  'phone_taken',
  'current_password_incorrect',
  'opt_in_reason_required',
  'payments_not_configured',
  // The contact policy (issue 41): this customer was asked inside the ask window.
  'asked_recently',
  // The public API (/api/v1) and webhooks (issue 16).
  'invalid_api_key',
  'idempotency_key_reused',
  'url_not_allowed',
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export const ApiErrorCodeSchema = z.enum(API_ERROR_CODES);

const CODES: ReadonlySet<unknown> = new Set(API_ERROR_CODES);

/** Whether an answer's `code` is one of ours (ApiErrorCodeSchema's check, without zod). */
export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return CODES.has(value);
}

/** The code an error of this status carries unless it names its own. */
export function codeForStatus(status: number): ApiErrorCode {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'unauthenticated';
    case 402:
      return 'plan_limit_reached';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 416:
      return 'range_not_satisfiable';
    case 429:
      return 'rate_limited';
    case 502:
      return 'upstream_failed';
    case 503:
      return 'service_unavailable';
    case 507:
      return 'insufficient_storage';
    default:
      return status >= 500 ? 'internal_error' : 'bad_request';
  }
}

/** Every error answer of the API: `{ message, code, details? }` (PRODUCT.md section 5). */
export const ApiErrorBodySchema = z.object({
  message: z.string(),
  code: ApiErrorCodeSchema,
  details: z.unknown().optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

/** Per-field validation details of a 400: field path to its messages. */
export type FieldErrors = Record<string, string[]>;
