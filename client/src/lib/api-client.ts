/**
 * The one fetch wrapper of the client. Every call sends the session cookie, JSON bodies carry the JSON
 * content type, and every non-OK answer becomes an `ApiError` whose message follows seed-spec section 8:
 * the body's `message`, else its `error`, else `status: statusText`, else the raw text.
 */

import { codeForStatus, isApiErrorCode, type ApiErrorCode } from '@shared/schemas/api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export class ApiError extends Error {
  readonly status: number;
  readonly details?: unknown;
  /** The stable code of shared/schemas/api-error.ts: what a form matches on, never the message. */
  readonly code: ApiErrorCode;

  constructor(status: number, message: string, details?: unknown, code?: ApiErrorCode) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.details = details;
    this.code = code ?? codeForStatus(status);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Builds the error for a non-OK response (seed-spec section 8, in that order). */
export async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  const body = text ? parseJson(text) : undefined;
  const fields = isRecord(body) ? body : {};

  const message =
    nonEmptyString(fields.message) ??
    nonEmptyString(fields.error) ??
    (response.statusText ? `${response.status}: ${response.statusText}` : undefined) ??
    nonEmptyString(text) ??
    // HTTP/2 has no status text; never raise an empty message.
    `Request failed with status ${response.status}`;

  // An answer from something other than our API (a proxy's 502) has no code: the status gives one.
  return new ApiError(
    response.status,
    message,
    fields.details,
    isApiErrorCode(fields.code) ? fields.code : undefined,
  );
}

export interface RequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** Sends one request the client's way and returns the OK response; anything else throws an `ApiError`. */
async function send(
  method: HttpMethod,
  url: string,
  body: unknown,
  options: RequestOptions,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const init: RequestInit = { method, credentials: 'include', headers, signal: options.signal };

  if (body !== undefined) {
    if (body instanceof FormData) {
      // The browser sets the multipart boundary itself.
      init.body = body;
    } else {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
  }

  const response = await fetch(url, init);
  if (!response.ok) throw await toApiError(response);
  return response;
}

export async function apiRequest<T = unknown>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const response = await send(method, url, body, options);
  if (response.status === 204) return undefined as T;

  const text = await response.text();
  if (!text) return undefined as T;
  const contentType = response.headers.get('content-type') ?? '';
  return (contentType.includes('json') ? JSON.parse(text) : text) as T;
}

export function getJson<T = unknown>(url: string, options?: RequestOptions): Promise<T> {
  return apiRequest<T>('GET', url, undefined, options);
}

/** One page of a list and the total behind it (the API's X-Total-Count header). */
export interface Page<T> {
  items: T[];
  total: number;
  /** The API counted no further than `total` (X-Total-Count-Capped): there are more, "10,000+". */
  capped: boolean;
}

/** GETs a paged list: the items from the body, the total from X-Total-Count (else the items' count). */
export async function getPage<T>(url: string, options: RequestOptions = {}): Promise<Page<T>> {
  const response = await send('GET', url, undefined, options);
  const items = (await response.json()) as T[];
  const header = Number(response.headers.get('X-Total-Count') ?? Number.NaN);
  return {
    items,
    total: Number.isFinite(header) && header >= 0 ? header : items.length,
    capped: response.headers.get('X-Total-Count-Capped') === 'true',
  };
}
