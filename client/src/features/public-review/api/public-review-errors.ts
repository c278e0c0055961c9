import { FALLBACK_ERROR_MESSAGE } from '@/lib/fallback-error';

/** A failed call of the public page: its status and the server's message (or a plain-language one). */
export class PublicReviewError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'PublicReviewError';
  }
}

const FALLBACKS: Record<number, string> = {
  404: 'This review link is not valid.',
  413: 'This video is too large.',
  415: 'This file is not a supported video.',
  429: 'Too many attempts. Please wait a little and try again.',
};

export function errorMessageFor(status: number, body: unknown): string {
  const message = (body as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && message.trim()) return message;
  if (status === 0) return 'You seem to be offline. Please check your connection and try again.';
  return FALLBACKS[status] ?? FALLBACK_ERROR_MESSAGE;
}

/** Plain fetch: the public page carries no data library, so it loads fast on a phone. */
export async function requestJson<T>(url: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: 'omit',
      ...init,
      headers: { Accept: 'application/json', ...init?.headers },
    });
  } catch {
    throw new PublicReviewError(0, errorMessageFor(0, null));
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new PublicReviewError(response.status, errorMessageFor(response.status, body));
  return body as T;
}
