import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { CheckedUrl } from './url-policy';

/** The address the policy checked, whatever DNS answers now: no second lookup can point elsewhere. */
function pinnedLookup(checked: CheckedUrl): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: checked.address, family: checked.family }]);
    else callback(null, checked.address, checked.family);
  };
}

/**
 * POSTs the body to a URL the policy checked (lib/url-policy.ts), connecting to the address it checked, and
 * answers the receiver's status. Redirects are not followed (a 3xx could lead to an address the policy never
 * saw). Network errors and timeouts throw.
 */
export function postToCheckedUrl(
  checked: CheckedUrl,
  body: string | Buffer,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<number> {
  const transport = checked.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = transport.request(
      checked.url,
      {
        method: 'POST',
        lookup: pinnedLookup(checked),
        headers: { 'Content-Length': String(Buffer.byteLength(body)), ...headers },
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
