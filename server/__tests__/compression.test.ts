import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createLogger } from '../lib/logger';
import { createLocation, createReview, createUser, signedInAgent } from '../testing/factories';
import { createTestApp, TEST_SESSION_SECRET, testEnv, writeBuiltPages } from '../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing/test-db';

function fetchStatus(port: number, path: string) {
  return new Promise<number>((resolve, reject) => {
    http
      .get({ port, host: '127.0.0.1', path, headers: { 'Accept-Encoding': 'br' } }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      })
      .on('error', reject);
  });
}

describe.each(testDatabaseKinds)('compressed answers on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('when a browser accepts gzip, then a page of reviews comes gzipped; a tiny answer is left as it is', async () => {
    const db = database.handle.db;
    const user = await createUser(db);
    const location = await createLocation(db, user.id);
    for (let i = 0; i < 10; i += 1)
      await createReview(db, user.id, {
        locationId: location.id,
        content: `A long and happy review number ${i}. `.repeat(8),
      });
    const agent = await signedInAgent(createTestApp(db), user);

    const page = await agent.get('/api/reviews?page=1&pageSize=10').set('Accept-Encoding', 'gzip');
    const tiny = await agent.get('/api/notifications/unread-count').set('Accept-Encoding', 'gzip');
    const refused = await agent.get('/api/reviews?page=1&pageSize=10').set('Accept-Encoding', 'identity');

    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    // Compressed whole, in one call (lib/compress-whole.ts), not streamed: its length is known up front.
    expect(Number(page.headers['content-length'])).toBeGreaterThan(0);
    expect(page.body).toHaveLength(10);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it("when a browser asks for a built script, then it gets the build's own brotli or gzip copy, or the script as it is", async () => {
    const dir = writeBuiltPages();
    const script = `export const answer = ${JSON.stringify('forty-two '.repeat(300))};`;
    const file = path.join(dir, 'assets', 'index-abc.js');
    fs.writeFileSync(file, script);
    // Marked copies: a served copy is provably the precompressed file, not one compressed on the fly.
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(`${script}//br`));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(`${script}//gz`));
    const app = createApp({
      db: database.handle.db,
      env: testEnv(),
      logger: createLogger('silent'),
      sessionSecret: TEST_SESSION_SECRET,
      staticDir: dir,
    });
    // Raw bytes as the browser receives them (supertest would decompress on its own).
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const fetchAs = (encoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(
            {
              port,
              host: '127.0.0.1',
              path: '/assets/index-abc.js',
              headers: { 'Accept-Encoding': encoding },
            },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
            },
          )
          .on('error', reject);
      });

    const brotli = await fetchAs('gzip, deflate, br');
    const gzip = await fetchAs('gzip');
    const plain = await fetchAs('identity');

    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.body).toString()).toBe(`${script}//br`);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(`${script}//gz`);
    for (const res of [brotli, gzip]) {
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    }
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);

    // A deploy replaced the build under the running server: a removed copy is not a server error.
    fs.rmSync(`${file}.br`);
    const copyRemoved = await fetchAs('br');
    // The script itself answers, compressed on the fly as any other file (not the removed copy's //br mark).
    expect(copyRemoved.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(copyRemoved.body).toString()).toBe(script);
    fs.rmSync(file);
    fs.rmSync(`${file}.gz`);
    const allRemoved = await fetchStatus(port, '/assets/index-abc.js');
    expect(allRemoved).toBe(404);
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
