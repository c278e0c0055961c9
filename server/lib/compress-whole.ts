import zlib from 'node:zlib';
import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';

/** Smaller answers go as they are: compressing them saves less than it costs (`compression`'s default). */
const THRESHOLD_BYTES = 1024;
/** Brotli, for a browser that takes it and not gzip, at `compression`'s quality: zlib's default (11) is for files. */
const BROTLI: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * Every text answer worth it compressed for a browser that asks: whole answers in one call (below), streamed ones
 * by `compression`, both from the same size and by the same test of the type (`compression.filter`).
 */
export function compressAnswers(): RequestHandler[] {
  return [compression({ threshold: THRESHOLD_BYTES }), compressWholeAnswers()];
}

/**
 * Compresses an answer sent whole, as res.json and res.send send it (one res.end with the whole body), in one
 * synchronous call. The `compression` middleware, which this runs inside of, pipes every answer through a zlib
 * stream of its own: for a 5 KB page of JSON that cost the server's one thread 90-125 µs more per answer than
 * compressing the finished body at once, and zlib's threads as much again (issue 13). gzip when the browser
 * takes it: for a few kilobytes made per request it costs about 60% of brotli's CPU for a few percent more
 * bytes; the built scripts and styles are brotli, compressed once at build time (lib/precompressed.ts).
 * Streamed answers (CSV downloads, files) and anything this does not take go on to `compression` as before.
 */
function compressWholeAnswers(): RequestHandler {
  return (req, res, next) => {
    if (!req.headers['accept-encoding']) return next();
    // res.end's overloads (body, encoding, callback in any of their forms) pass through untouched.
    const end = res.end as (this: Response, ...args: unknown[]) => Response;
    res.end = function endWhole(this: Response, ...args: unknown[]) {
      const [chunk, encoding] = args;
      const body = wholeBody(res, chunk, encoding);
      const coding = body && codingFor(req, res, body);
      if (!body || !coding) return end.apply(this, args);
      const compressed = coding === 'gzip' ? zlib.gzipSync(body) : zlib.brotliCompressSync(body, BROTLI);
      res.vary('Accept-Encoding');
      res.setHeader('Content-Encoding', coding);
      res.setHeader('Content-Length', compressed.length);
      return end.call(
        this,
        compressed,
        args.find((arg) => typeof arg === 'function'),
      );
    } as Response['end'];
    next();
  };
}

/** The answer's whole body when this end sends all of it (nothing written before), else null. */
function wholeBody(res: Response, chunk: unknown, encoding: unknown): Buffer | null {
  if (res.headersSent) return null;
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === 'string')
    return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  return null;
}

function codingFor(req: Request, res: Response, body: Buffer): 'gzip' | 'br' | null {
  if (body.length < THRESHOLD_BYTES || res.getHeader('Content-Encoding')) return null;
  if (!compression.filter(req, res)) return null;
  // A proxy or an app may forbid any change to the bytes (RFC 9111 section 5.2.2.6).
  if (/\bno-transform\b/i.test(String(res.getHeader('Cache-Control') ?? ''))) return null;
  const accepted = req.acceptsEncodings('gzip', 'br');
  return accepted === 'gzip' || accepted === 'br' ? accepted : null;
}
