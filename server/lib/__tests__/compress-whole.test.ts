import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import compression from 'compression';
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

/** Serves `app` on a free port; `fetchRaw` reads an answer's bytes as a browser receives them (supertest would decompress on its own). */
async function serve(app: express.Express) {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const fetchRaw = (path: string, acceptEncoding?: string) =>
    new Promise<RawAnswer>((resolve, reject) => {
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
  return { server, fetchRaw };
}

describe('answers sent whole, compressed in one call', () => {
  let server: http.Server;
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
    ({ server, fetchRaw } = await serve(app));
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

/*
 * What compress-whole relies on in `compression` (decision 017): it runs inside `compression`, wraps the res.end
 * that `compression` put on the answer, and hands it a body it has already compressed with Content-Encoding set.
 * `compression` must then send those bytes as they are. If a release of `compression` starts encoding such an
 * answer again, or stops exporting its type test, these fail before a browser gets a body gzipped twice.
 */
describe('what compress-whole relies on in compression', () => {
  let server: http.Server;
  let fetchRaw: (path: string, acceptEncoding?: string) => Promise<RawAnswer>;
  const gzipped = zlib.gzipSync(pageJson);

  beforeAll(async () => {
    const app = express();
    app.use(compression({ threshold: 1024 }));
    app.get('/already-encoded', (_req, res) => {
      res.type('json').setHeader('Content-Encoding', 'gzip');
      res.end(gzipped);
    });
    ({ server, fetchRaw } = await serve(app));
  });
  afterAll(() => {
    server?.close();
  });

  it('when an answer already carries a Content-Encoding, then compression sends its bytes untouched', async () => {
    const answer = await fetchRaw('/already-encoded', 'gzip, br');

    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.body.equals(gzipped)).toBe(true);
  });

  it('compression exports the type test compress-whole shares with it', () => {
    expect(typeof compression.filter).toBe('function');
  });
});
