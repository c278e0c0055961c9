import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import { REDACTED, type Logger } from './logger';

const REQUEST_ID = /^[\w.-]{1,64}$/;

/** The proxy's X-Request-Id when it is a plain token (it then ties our line to the proxy's), else a new one. */
function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Paths whose next segment is a secret from a message's link: an invitation, an unsubscribe link, a customer's
 * review link (whoever holds it opens the request and leaves the review in the customer's name), an alert's
 * "Publish this reply" link (whoever holds it publishes the reply).
 */
const SECRET_SEGMENT =
  /^(\/(?:invite|review|api\/invitations|api\/unsubscribe|api\/notifications\/unsubscribe|api\/public\/review|api\/reply-links|api\/feedback)\/)[^/?#]+/i;
/** Query parameters that carry one: a password reset, an email verification, an OAuth callback's code and state. */
const SECRET_PARAM = /([?&](?:token|reset|code|state)=)[^&#]*/gi;

/**
 * The URL as the log may keep it: a link's token would let whoever reads the logs reset a password or join a
 * team, so it is written as [redacted]; the rest of the path and query stays for finding the request.
 */
export function loggableUrl(url: string): string {
  return url.replace(SECRET_SEGMENT, `$1${REDACTED}`).replace(SECRET_PARAM, `$1${REDACTED}`);
}

export interface RequestLogOptions {
  /** Requests that get no line of their own (a load balancer's health checks). */
  ignore?: (req: Request) => boolean;
}

/**
 * pino-http: one line per answered request with its id, method and path, the status and the time taken, and
 * `req.log` writing with the same request fields. Our serializers keep those few fields: never a header
 * (cookies, keys), nor a link's token in the path or query (`loggableUrl`). The id goes back in X-Request-Id.
 * A hand-written logger stood here for speed until the bench's A/B showed it earned nothing beyond the noise
 * (docs/decisions/017-express-internals-devices.md).
 */
export function requestLog(logger: Logger, options: RequestLogOptions = {}): RequestHandler {
  const { ignore } = options;
  return pinoHttp({
    logger,
    genReqId(req, res) {
      const id = requestIdOf(req);
      res.setHeader('X-Request-Id', id);
      return id;
    },
    wrapSerializers: false,
    serializers: {
      req: (req: Request) => ({ id: req.id, method: req.method, url: loggableUrl(req.originalUrl) }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
    autoLogging: ignore ? { ignore: (req) => ignore(req as Request) } : true,
  });
}
