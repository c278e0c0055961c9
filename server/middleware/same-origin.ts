import type { RequestHandler } from 'express';
import { forbidden } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by a page of another origin, on top of SameSite cookies.
 * Requests without an Origin header (server-to-server callbacks, curl) are not browser-forged.
 */
export function sameOrigin(trustedOrigins: string[]): RequestHandler {
  const trusted = new Set(trustedOrigins);
  return (req, _res, next) => {
    const origin = req.get('origin');
    if (SAFE_METHODS.has(req.method) || !origin) return next();
    const own = `${req.protocol}://${req.get('host')}`;
    next(origin === own || trusted.has(origin) ? undefined : forbidden('Cross-origin request refused'));
  };
}
