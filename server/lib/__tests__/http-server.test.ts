import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
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

/**
 * What `createHttpServer` relies on in Node and Express (decision 017): were any of these to change in an
 * update, requests would be born with the wrong prototype, or the call that makes them would throw, or the
 * device would no longer be needed. Each failure here means: read decision 017 and measure again.
 */
describe("the Node and Express internals a request's birth relies on", () => {
  it('when Node makes a request or an answer, then its constructor is a plain function that can run on an object made elsewhere', () => {
    // A class would throw "Class constructor cannot be invoked without 'new'" on the first request.
    for (const constructor of [http.IncomingMessage, http.ServerResponse]) {
      expect(Function.prototype.toString.call(constructor)).toMatch(/^function \w+\(/);
    }
  });

  it("when Express handles a request, then app.handle gives the request and answer the app's prototypes by Object.setPrototypeOf", () => {
    // app.handle is Express's own, left out of its types.
    const handle = String((express.application as unknown as { handle: unknown }).handle);

    expect(handle).toContain('Object.setPrototypeOf(req, this.request)');
    expect(handle).toContain('Object.setPrototypeOf(res, this.response)');
  });

  it("when an app is made, then its request and answer prototypes inherit from Node's, through Express's own", () => {
    const app = express();

    expect(Object.getPrototypeOf(app.request)).toBe(express.request);
    expect(Object.getPrototypeOf(express.request)).toBe(http.IncomingMessage.prototype);
    expect(Object.getPrototypeOf(app.response)).toBe(express.response);
    expect(Object.getPrototypeOf(express.response)).toBe(http.ServerResponse.prototype);
  });

  it("when an Express app answers through createHttpServer, then its request and answer are born with the app's prototypes and keep them", async () => {
    const app = express();
    const seen: string[] = [];
    const prototypeOf = (object: object) =>
      Object.getPrototypeOf(object) === app.request
        ? "the app's request"
        : Object.getPrototypeOf(object) === app.response
          ? "the app's response"
          : 'another';
    app.get('/', (req, res) => {
      seen.push(`handled: ${prototypeOf(req)}, ${prototypeOf(res)}`);
      res.send('ok');
    });
    const server = createHttpServer(app);
    server.prependListener('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      seen.push(`born: ${prototypeOf(req)}, ${prototypeOf(res)}`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await fetch(`http://127.0.0.1:${port}/`);

      expect(await answer.text()).toBe('ok');
      expect(seen).toEqual([
        "born: the app's request, the app's response",
        "handled: the app's request, the app's response",
      ]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
