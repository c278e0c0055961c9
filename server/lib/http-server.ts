import http from 'node:http';

/**
 * How long an idle keep-alive connection stays open. Node's default (5 s) is shorter than the idle timeout of
 * the clients and proxies in front of us (load balancers keep 60 s), so a client reusing a socket just as the
 * server drops it gets ECONNRESET. The server must be the side that waits longer.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** The HTTP server the app listens on. */
export function createHttpServer(app: http.RequestListener): http.Server {
  const server = http.createServer(app);
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // The headers of a request on a reused socket must be allowed to arrive for as long as the socket is kept.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  return server;
}
