import type { Test } from 'supertest';

/** Superagent's serializer for the bytes as they are (its type says string; a Buffer is written as it is). */
const asTheseBytes = (body: Buffer) => body as unknown as string;

/**
 * Sends `bytes` as a JSON request's body, byte for byte. Superagent serializes whatever it is given with a JSON
 * content type, a Buffer too: `.send(bytes)` alone sends `{"type":"Buffer","data":[...]}`.
 */
export function sendJsonBytes(req: Test, bytes: Buffer): Test {
  return req.set('Content-Type', 'application/json').serialize(asTheseBytes).send(bytes);
}
