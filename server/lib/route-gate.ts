import type { RequestHandler, Router } from 'express';

interface Layer {
  route?: { path: unknown };
  handle?: { stack?: Layer[] };
  /** Express's mark of a router or middleware used at '/' (every path). */
  slash?: boolean;
}

/**
 * The first path segment of every route in a router stack (routers used inside it at '/' included), in lower
 * case; null when a request's first segment cannot tell whether the router would answer it: a route that begins
 * with a parameter or is a pattern, a router used at a path, or middleware that runs for every request.
 */
function firstSegmentsOf(stack: Layer[]): Set<string> | null {
  const segments = new Set<string>();
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? (layer.route.path as unknown[]) : [layer.route.path];
      for (const path of paths) {
        if (typeof path !== 'string' || !path.startsWith('/')) return null;
        const segment = firstSegmentOf(path);
        if (/[:*?(){}]/.test(segment)) return null;
        segments.add(segment.toLowerCase());
      }
    } else if (layer.handle?.stack && layer.slash) {
      const inner = firstSegmentsOf(layer.handle.stack);
      if (!inner) return null;
      inner.forEach((segment) => segments.add(segment));
    } else {
      return null;
    }
  }
  return segments;
}

function firstSegmentOf(path: string): string {
  const end = path.indexOf('/', 1);
  return end === -1 ? path.slice(1) : path.slice(1, end);
}

/**
 * A feature's router, entered only by requests whose path begins as one of its routes does (`/reviews…` never
 * walks the contacts routes). Express otherwise tries every route of every router in turn: a page of reviews
 * matched its path against 87 routes before this (issue 13). A router whose routes cannot be told apart by
 * their first segment is entered by every request, as before. Express matches paths case-insensitively, and
 * so does the gate. The router's `stack` stays visible to what walks the app's routes (route roles, tests).
 */
export function gatedByFirstSegment(router: Router): RequestHandler {
  // Read at the first request: every route of the router has been added by then.
  let segments: Set<string> | null | undefined;
  const gate: RequestHandler = (req, res, next) => {
    if (segments === undefined) segments = firstSegmentsOf(router.stack as Layer[]);
    if (segments && !segments.has(firstSegmentOf(req.path).toLowerCase())) return next();
    router(req, res, next);
  };
  return Object.assign(gate, { stack: router.stack });
}
