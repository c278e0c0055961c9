import { createHmac } from 'node:crypto';
import { WEBHOOK_SIGNATURE_HEADER } from '@shared/schemas/api-access';
import { postToCheckedUrl } from '../../lib/pinned-post';
import type { CheckedUrl } from '../../lib/url-policy';

/** How long a receiver has to answer before the attempt counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * Stripe's scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. The timestamp is signed
 * with the body, so a receiver that refuses old timestamps cannot be fed a captured request again.
 */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex');
  return `t=${t},v1=${v1}`;
}

/** POSTs a delivery's JSON to the checked URL and answers the receiver's status (lib/pinned-post.ts). */
export function postWebhook(
  checked: CheckedUrl,
  body: string,
  headers: Record<string, string>,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<number> {
  return postToCheckedUrl(
    checked,
    body,
    { 'Content-Type': 'application/json', 'User-Agent': 'ReviewFlow-Webhooks/1.0', ...headers },
    timeoutMs,
  );
}

export { WEBHOOK_SIGNATURE_HEADER };
