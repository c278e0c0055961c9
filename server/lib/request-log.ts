import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { REDACTED, type Logger } from './logger';

declare module 'node:http' {
  interface IncomingMessage {
    /** The request's id: the caller's X-Request-Id when it is a plain token, else a new one. */
    id: string;
    /** Logs with the request's id, method and path on every line. */
    log: Logger;
  }
}

const REQUEST_ID = /^[\w.-]{1,64}$/;

/** The proxy's X-Request-Id when it is a plain token (it then ties our line to the proxy's), else a new one. */
function requestIdOf(req: Request): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Paths whose next segment is a secret from a message's link: an invitation, an unsubscribe link, a customer's
 * review link (whoever holds it opens the request and leaves the review in the customer's name).
 */
const SECRET_SEGMENT =
  /^(\/(?:invite|review|api\/invitations|api\/unsubscribe|api\/notifications\/unsubscribe|api\/public\/review)\/)[^/?#]+/i;
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
 * One short line per answered request: its id, method and path, the status and the time taken; never a header
 * (cookies, keys), nor a link's token in the path or query (`loggableUrl`). `req.log` writes with the same request
 * fields. The id goes back in X-Request-Id.
 *
 * In place of pino-http, which serialized the whole request and answer (headers included, then redacted them)
 * for every line: a page of reviews costs the server about 5% less CPU (issue 13).
 *
 * The request's own line holds only the fields built here, none of them a secret, so it skips the logger's
 * redaction, which walked every field of every line for a password or a token (a signed-in `GET /api/user`
 * cost the server about 8% less CPU without it). What a handler writes through `req.log` is still redacted.
 */
export function requestLog(logger: Logger, options: RequestLogOptions = {}): RequestHandler {
  const requestLines = logger.child({}, { redact: [] });
  return (req, res, next) => {
    const id = requestIdOf(req);
    const request = { id, method: req.method, url: loggableUrl(req.originalUrl) };
    req.id = id;
    res.setHeader('X-Request-Id', id);
    // A plain property: a getter defined on each request (to make the child only when used) kept the whole
    // request through the garbage collector's young collections; a child costs half a microsecond.
    req.log = logger.child({ req: request });

    if (!options.ignore?.(req)) {
      const started = Date.now();
      // 'close' alone when the caller went away before the whole answer was sent; both, in that order, otherwise.
      const answered = () => {
        res.off('finish', answered);
        res.off('close', answered);
        const line = {
          req: request,
          res: { statusCode: res.statusCode },
          responseTime: Date.now() - started,
        };
        if (!res.writableFinished) requestLines.info(line, 'request aborted');
        else if (res.statusCode >= 500) requestLines.error(line, 'request errored');
        else requestLines.info(line, 'request completed');
      };
      res.on('finish', answered);
      res.on('close', answered);
    }
    next();
  };
}
