import type { SecretBox } from '../../lib/crypto';
import { AppError, badRequest } from '../../lib/errors';

/** How long a provider may take to answer before we give up (the user is waiting on the request). */
const PROVIDER_TIMEOUT_MS = 15_000;
const MAX_MESSAGE = 300;

export type ProviderName = 'Google' | 'Facebook';

/**
 * What kind of failure a provider answered, for whoever decides what to do next:
 * - `auth`: the grant is no longer accepted (revoked, expired, password changed): connect again;
 * - `forbidden`: the grant works but may not do this (the account lost access to the location or Page);
 * - `rate_limited`: too many calls; try again after `retryAfterMs`;
 * - `unavailable`: a timeout, a refused connection or a 5xx: try again later;
 * - `missing`: the object asked for does not exist (any more): a deleted Facebook comment, say;
 * - `rejected`: anything else the provider refused (a bad request, no permission).
 */
export type ProviderFailure = 'auth' | 'forbidden' | 'rate_limited' | 'unavailable' | 'missing' | 'rejected';

/** A provider failed or answered an error: 502 with their message, never a 500. */
export class ProviderError extends AppError {
  constructor(
    readonly provider: ProviderName,
    message: string,
    readonly failure: ProviderFailure = 'rejected',
    readonly retryAfterMs?: number,
  ) {
    super(502, `${provider} did not answer: ${message}`);
    this.name = 'ProviderError';
  }

  /** The provider's own words, without our "X did not answer:" prefix. */
  get providerMessage(): string {
    return this.message.slice(`${this.provider} did not answer: `.length);
  }
}

/** The message comes from the provider's error body, which never echoes our tokens back. */
export function providerError(
  provider: ProviderName,
  message: string,
  failure: ProviderFailure = 'rejected',
  retryAfterMs?: number,
): ProviderError {
  const clean = message.replace(/\s+/g, ' ').trim().slice(0, MAX_MESSAGE) || 'no answer';
  return new ProviderError(provider, clean, failure, retryAfterMs);
}

/** Retry-After in seconds or as an HTTP date (RFC 9110 section 10.2.3), in milliseconds from now. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Graph API error codes (https://developers.facebook.com/docs/graph-api/guides/error-handling). */
const GRAPH_AUTH_CODES = new Set([102, 190]);
const GRAPH_THROTTLE_CODES = new Set([4, 17, 32, 613, 80001]);
/** Code 100 with subcode 33: "Object with ID ... does not exist". */
const GRAPH_INVALID_PARAMETER = 100;
const GRAPH_NO_SUCH_OBJECT = 33;

function failureOf(status: number, body: unknown): ProviderFailure {
  const error = (body as { error?: { code?: unknown; error_subcode?: unknown } } | undefined)?.error;
  const code = error?.code;
  if (code === GRAPH_INVALID_PARAMETER && error?.error_subcode === GRAPH_NO_SUCH_OBJECT) return 'missing';
  if (status === 401 || (typeof code === 'number' && GRAPH_AUTH_CODES.has(code))) return 'auth';
  if (status === 429 || (typeof code === 'number' && GRAPH_THROTTLE_CODES.has(code))) return 'rate_limited';
  if (status >= 500) return 'unavailable';
  if (status === 403) return 'forbidden';
  return 'rejected';
}

/**
 * The error text of a provider answer. Google APIs and the Graph API answer `{ error: { message } }`;
 * OAuth token endpoints answer `{ error, error_description }` (RFC 6749 section 5.2).
 */
function errorMessageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { error, error_description: description } = body as { error?: unknown; error_description?: unknown };
  if (typeof description === 'string' && description) return description;
  if (typeof error === 'string' && error) return error;
  if (typeof error === 'object' && error !== null) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
}

/** One call to a provider: JSON in, JSON out, every failure turned into a 502 AppError. */
export async function callProvider(
  provider: ProviderName,
  url: URL,
  init: RequestInit = {},
): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch (err) {
    const timedOut = err instanceof Error && err.name === 'TimeoutError';
    throw providerError(
      provider,
      timedOut ? 'the request timed out' : 'the connection failed',
      'unavailable',
    );
  }
  const text = await res.text().catch(() => '');
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    body = undefined;
  }
  if (!res.ok) {
    throw providerError(
      provider,
      errorMessageOf(body) ?? `${res.status} ${res.statusText}`,
      failureOf(res.status, body),
      parseRetryAfter(res.headers.get('retry-after')),
    );
  }
  if (body === undefined) throw providerError(provider, 'an answer that is not JSON');
  return body;
}

/** Parses a provider answer with a zod-like schema; an unexpected shape is the provider's fault (502). */
export function parseProviderAnswer<T>(
  provider: ProviderName,
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  body: unknown,
): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw providerError(provider, 'an answer in an unexpected shape');
  return parsed.data;
}

/**
 * Opens a sealed token. A token sealed under another key (TOKEN_ENCRYPTION_KEY changed) cannot be used: the
 * user is asked to connect again rather than shown a server error.
 */
export function openToken(secretBox: SecretBox, provider: ProviderName, sealed: string): string {
  try {
    return secretBox.decrypt(sealed);
  } catch {
    const name = provider === 'Google' ? 'Google Business Profile' : 'Facebook';
    throw badRequest(
      `The saved ${name} connection can no longer be read. Connect ${name} again in Settings → Integrations.`,
    );
  }
}
