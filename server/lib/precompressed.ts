import fs from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';

/** The encodings the build writes beside each asset (scripts/precompress.mjs), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * Serves the build's precompressed copy of an asset (`app.js.br`, `app.js.gz`) to a browser that takes
 * that encoding, so no request pays for compressing the same file again. Only files present at start are
 * served (the set is read once), which also keeps a request's path from reaching anything else; every
 * other request goes on to express.static.
 */
export function precompressedAssets(
  dir: string,
  options: {
    maxAgeMs: number;
    /** Hashed names never change (the default); others are revalidated. */ immutable?: boolean;
  },
): RequestHandler {
  const files = new Set(
    fs.existsSync(dir)
      ? (fs.readdirSync(dir, { recursive: true }) as string[]).map((f) => `/${f.split(path.sep).join('/')}`)
      : [],
  );
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const offered = ENCODINGS.filter((e) => files.has(`${req.path}${e.suffix}`));
    if (offered.length === 0) return next();
    res.vary('Accept-Encoding');
    // Our order, not the header's: browsers list gzip before br with the same weight, and br is smaller.
    const encoding = offered.find((e) => req.acceptsEncodings(e.name) === e.name);
    if (!encoding) return next();
    res.setHeader('Content-Encoding', encoding.name);
    // The type of the file asked for, not of its .br/.gz copy.
    res.type(path.extname(req.path));
    res.sendFile(
      `${req.path.slice(1)}${encoding.suffix}`,
      { root: dir, maxAge: options.maxAgeMs, immutable: options.immutable ?? true },
      (error?: Error & { status?: number }) => {
        if (!error) return;
        // A copy removed since start (a deploy replacing the build): what is left answers, or a 404.
        if (error.status === 404 && !res.headersSent) {
          res.removeHeader('Content-Encoding');
          return next();
        }
        next(error);
      },
    );
  };
}
