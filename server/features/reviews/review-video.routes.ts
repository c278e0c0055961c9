import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import { IdParamsSchema } from '@shared/schemas/domain';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { createFileStorage, type ByteRange, type FileStorage } from '../../lib/storage';
import { scopeOf, tenantOf } from '../../middleware/tenant';
import { validate } from '../../middleware/validate';
import { reviewVideoServiceFor } from './review-video.service';

/** `bytes=a-b`, `bytes=a-`, `bytes=-n`; one range only. null: unsatisfiable; undefined: no usable range. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, from, to] = match;
  if (from === '' && to === '') return undefined;
  if (size === 0) return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return null;
  return { start, end };
}

/** The owner's side: GET /api/reviews/:id/video, in the client router (so an admin inside the area too). */
export function createReviewVideoRoutes(
  ctx: AppContext,
  storage: FileStorage = createFileStorage(ctx.env),
): Router {
  const video = reviewVideoServiceFor(ctx, storage);
  const router = Router();

  router.get(
    '/reviews/:id/video',
    validate({ params: IdParamsSchema }, async ({ params }, req, res) => {
      const ownerId = tenantOf(req);
      const info = await video.stat(scopeOf(req), params.id);

      const range = parseRange(req.get('range'), info.size);
      res.setHeader('Accept-Ranges', 'bytes');
      res.setHeader('Content-Type', info.contentType);
      res.setHeader('Cache-Control', 'private, no-cache');
      if (range === null) {
        res.setHeader('Content-Range', `bytes */${info.size}`);
        throw new AppError(416, 'Requested range not satisfiable');
      }
      const file = await video.open(ownerId, params.id, range);
      if (range) {
        res.status(206);
        res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`);
        res.setHeader('Content-Length', String(range.end - range.start + 1));
      } else {
        res.setHeader('Content-Length', String(info.size));
      }
      await pipeline(file.stream, res).catch(() => {
        // The viewer closed the player or seeked elsewhere: nothing to answer.
      });
    }),
  );

  return router;
}
