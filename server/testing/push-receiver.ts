import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A browser's side of a push subscription: its P-256 key pair and auth secret (RFC 8291), in base64url. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: auth.toString('base64url'),
    /** Opens an aes128gcm push body as the browser would (RFC 8188 and RFC 8291), answering its text. */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const recordSize = body.readUInt32BE(16);
      const keyIdLength = body[20]!;
      const serverKey = body.subarray(21, 21 + keyIdLength);
      const ciphertext = body.subarray(21 + keyIdLength);
      if (ciphertext.length > recordSize) throw new Error('a push of more than one record');
      const shared = ecdh.computeSecret(serverKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
      const cek = Buffer.from(
        hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
      );
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
      const padded = Buffer.concat([
        decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 2, then zeros of padding.
      const end = padded.lastIndexOf(2);
      if (end < 0 || padded.subarray(end + 1).some((byte) => byte !== 0)) throw new Error('bad padding');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

/**
 * A push service on 127.0.0.1: each path is a device's endpoint. It records every message and answers the
 * statuses it is told (then 201, as push services do). The queue's drain() waits for each answer.
 */
export async function startPushService() {
  const received: ReceivedPush[] = [];
  const statuses: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statuses.shift() ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let devices = 0;
  return {
    /** A new device's endpoint on this service. */
    endpoint: () => `http://127.0.0.1:${port}/push/device-${++devices}`,
    received,
    answerWith: (...codes: number[]) => statuses.push(...codes),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PushService = Awaited<ReturnType<typeof startPushService>>;
