import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from '../http-server';

// A browser, a test's request context or a load balancer reuses an idle connection for up to about 60 s. If
// the server drops it sooner (Node's default is 5 s), a request sent as it closes fails with ECONNRESET:
// that is how a browser test failed on a slow CI machine when a page sat still for a few seconds.
describe('the HTTP server', () => {
  const server = createHttpServer((_req: http.IncomingMessage, res: http.ServerResponse) => res.end('ok'));
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('keeps an idle connection longer than clients and load balancers keep theirs', () => {
    expect(server.keepAliveTimeout).toBeGreaterThan(60_000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  });

  it('answers the next request on the same kept-alive connection', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ reused: boolean; body: string }>((resolve, reject) => {
        const req = http.get({ port, host: '127.0.0.1', agent }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ reused: req.reusedSocket, body }));
        });
        req.on('error', reject);
      });
    expect(await get()).toEqual({ reused: false, body: 'ok' });
    expect(await get()).toEqual({ reused: true, body: 'ok' });
    agent.destroy();
  });
});
