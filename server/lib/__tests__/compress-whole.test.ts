import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressAnswers } from '../compress-whole';

const page = Array.from({ length: 40 }, (_, i) => ({
  id: i,
  content: `A long and happy review number ${i}.`,
}));
const pageJson = JSON.stringify(page);

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

describe('answers sent whole, compressed in one call', () => {
  let server: http.Server;
  /** The answer's bytes as a browser receives them (supertest would decompress on its own). */
  let fetchRaw: (path: string, acceptEncoding?: string) => Promise<RawAnswer>;

  beforeAll(async () => {
    const app = express();
    app.use(compressAnswers());
    app.get('/page', (_req, res) => res.json(page));
    app.get('/tiny', (_req, res) => res.json({ ok: true }));
    app.get('/no-transform', (_req, res) => res.set('Cache-Control', 'no-transform').json(page));
    app.get('/image', (_req, res) => res.type('png').send(Buffer.alloc(4096, 1)));
    app.get('/streamed', (_req, res) => {
      res.type('text/csv');
      for (let i = 0; i < 100; i += 1) res.write(`${i},a line of a download\n`);
      res.end();
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    fetchRaw = (path, acceptEncoding) =>
      new Promise((resolve, reject) => {
        const headers = acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding };
        http
          .get({ port, host: '127.0.0.1', path, headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
            );
          })
          .on('error', reject);
      });
  });
  afterAll(() => {
    server?.close();
  });

  it("when a browser takes gzip and brotli, then a page comes gzipped whole: its length, the browser's Vary", async () => {
    const answer = await fetchRaw('/page', 'gzip, deflate, br, zstd');

    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['content-length']).toBe(String(answer.body.length));
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    expect(answer.headers['transfer-encoding']).toBeUndefined();
    expect(zlib.gunzipSync(answer.body).toString()).toBe(pageJson);
  });

  it('when a browser refuses gzip but takes brotli, then the page comes in brotli', async () => {
    const answer = await fetchRaw('/page', 'gzip;q=0, br');

    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-length']).toBe(String(answer.body.length));
    expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(pageJson);
  });

  it.each([
    ['no Accept-Encoding', '/page', undefined],
    ['identity only', '/page', 'identity'],
    ['an answer under 1 KB', '/tiny', 'gzip'],
    ['an answer that forbids transforms', '/no-transform', 'gzip'],
    ['an image', '/image', 'gzip'],
  ])('when it is %s, then the answer goes as it is', async (_case, path, acceptEncoding) => {
    const answer = await fetchRaw(path, acceptEncoding);

    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['content-length']).toBe(String(answer.body.length));
  });

  it('when an answer is streamed in pieces, then the stream compression still takes it', async () => {
    const answer = await fetchRaw('/streamed', 'gzip');

    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['transfer-encoding']).toBe('chunked');
    expect(zlib.gunzipSync(answer.body).toString()).toMatch(/^0,a line of a download\n1,/);
  });
});
