import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_SIGNATURE_HEADER } from '@shared/schemas/api-access';
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

/** The address the policy checked, whatever DNS answers now: no second lookup can point elsewhere. */
function pinnedLookup(checked: CheckedUrl): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: checked.address, family: checked.family }]);
    else callback(null, checked.address, checked.family);
  };
}

/**
 * POSTs the body to the checked URL and answers the receiver's status. Redirects are not followed (a 3xx
 * is a failed attempt: it could lead to an address the policy never saw). Network errors and timeouts throw.
 */
export function postWebhook(
  checked: CheckedUrl,
  body: string,
  headers: Record<string, string>,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<number> {
  const transport = checked.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = transport.request(
      checked.url,
      {
        method: 'POST',
        lookup: pinnedLookup(checked),
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': String(Buffer.byteLength(body)),
          'User-Agent': 'ReviewFlow-Webhooks/1.0',
          ...headers,
        },
        timeout: timeoutMs,
      },
      (res) => {
        // The answer's body tells us nothing; it is read and dropped so the socket is freed.
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`No answer within ${timeoutMs / 1000} seconds`)));
    req.on('error', reject);
    req.end(body);
  });
}

export { WEBHOOK_SIGNATURE_HEADER };
