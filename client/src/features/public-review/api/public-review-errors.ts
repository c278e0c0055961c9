/**
 * A failed call of the public page: its status and the server's message ('' when it sent none). The page
 * says it in the customer's language (components/review-form/customer-error.ts).
 */
export class PublicReviewError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'PublicReviewError';
  }
}

/** The server's own explanation, if its answer carried one. */
export function serverMessageOf(body: unknown): string {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message.trim() : '';
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
    throw new PublicReviewError(0, '');
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new PublicReviewError(response.status, serverMessageOf(body));
  return body as T;
}
