import http from 'node:http';
import type { Express } from 'express';

/**
 * How long an idle keep-alive connection stays open. Node's default (5 s) is shorter than the idle timeout of
 * the clients and proxies in front of us (load balancers keep 60 s), so a client reusing a socket just as the
 * server drops it gets ECONNRESET. The server must be the side that waits longer.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** The HTTP server the app listens on. */
export function createHttpServer(app: http.RequestListener | Express): http.Server {
  const server = http.createServer(isExpress(app) ? bornAsExpressMessages(app) : {}, app);
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // The headers of a request on a reused socket must be allowed to arrive for as long as the socket is kept.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  return server;
}

const isExpress = (app: http.RequestListener | Express): app is Express =>
  'request' in app && 'response' in app;

/**
 * Requests and answers made with the app's own prototypes from the start. Express gives each arriving one its
 * app's prototypes (`Object.setPrototypeOf` in `app.handle`), and V8 then keeps what the request made through
 * young-generation collections, until a full one: on a page of reviews at 300 a second, each young collection
 * (five a second, 4-5 ms each) moved 2.5 of its 11 MB to the old generation (issue 13). Born with them,
 * Express's call finds them set and changes nothing: a bare Express app went from 2 MB moved per collection
 * to 3 KB.
 */
function bornAsExpressMessages(app: Express): http.ServerOptions {
  return {
    IncomingMessage: bornWith(http.IncomingMessage, app.request),
    ServerResponse: bornWith(http.ServerResponse, app.response),
  };
}

/**
 * A constructor that builds `base`'s instances with `prototype` as theirs. Node's IncomingMessage and ServerResponse
 * are plain functions, not classes, so `base` runs on the new object as a call; were one ever a class, the call
 * would throw on the first request of every test. Made with `Reflect.construct(base, args, Born)` instead, each
 * request and answer got a hidden class of its own from V8: 40 µs to make, and every function that touched one
 * fell back to its slowest lookups (GET /api/user at 2,000 a second instead of 3,500 on the bench's data).
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- a constructor written as a function
function bornWith<T extends Function>(base: T, prototype: object): T {
  function Born(this: object, first: unknown, second: unknown) {
    base.call(this, first, second);
  }
  Born.prototype = prototype;
  return Born as unknown as T;
}
