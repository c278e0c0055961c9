import type { SecretBox } from '../../lib/crypto';
import { AppError, badRequest } from '../../lib/errors';

/** How long a provider may take to answer before we give up (the user is waiting on the request). */
const PROVIDER_TIMEOUT_MS = 15_000;
const MAX_MESSAGE = 300;

export type ProviderName = 'Google' | 'Facebook';

/**
 * A provider failed or answered an error: 502 with their message, never a 500 (the brief's rule). The
 * message comes from the provider's error body, which never echoes our tokens back.
 */
export function providerError(provider: ProviderName, message: string): AppError {
  const clean = message.replace(/\s+/g, ' ').trim().slice(0, MAX_MESSAGE) || 'no answer';
  return new AppError(502, `${provider} did not answer: ${clean}`);
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
    throw providerError(provider, timedOut ? 'the request timed out' : 'the connection failed');
  }
  const text = await res.text().catch(() => '');
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    body = undefined;
  }
  if (!res.ok) throw providerError(provider, errorMessageOf(body) ?? `${res.status} ${res.statusText}`);
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
