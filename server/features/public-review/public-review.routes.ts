import os from 'node:os';
import path from 'node:path';
import fsp from 'node:fs/promises';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import multer from 'multer';
import type { ApiErrorBody } from '@shared/schemas/api-error';
import {
  INVALID_LINK_MESSAGE,
  isReviewLinkToken,
  PublicReviewLinkParamsSchema,
  SubmitPublicReviewSchema,
} from '@shared/schemas/public-review';
import type { AppContext } from '../../lib/context';
import { AppError, badRequest, notFound } from '../../lib/errors';
import {
  createByteQuota,
  createRateLimiter,
  DatabaseRateLimitStore,
  TOO_MANY_FROM_CONNECTION,
} from '../../lib/rate-limit';
import { createFileStorage, type FileStorage } from '../../lib/storage';
import { validate } from '../../middleware/validate';
import { publicReviewServiceFor } from './public-review.service';

const HOUR = 60 * 60 * 1000;
/** A customer's review is a few KB of JSON; anything bigger is not a review. */
export const PUBLIC_BODY_LIMIT = 16 * 1024;
/** One link (a request, or a location's QR poster) takes at most this many submissions an hour. */
export const SUBMISSIONS_PER_LINK_PER_HOUR = 10;
export const UPLOADS_PER_LINK_PER_HOUR = 10;
/** Page views are cheap and a family may share one connection: a looser limit than submissions. */
const GET_MULTIPLIER = 10;

const TOO_MANY_FROM_IP = 'Too many reviews from this connection. Please try again later.';
const TOO_MANY_FOR_LINK = 'This review link has received too many reviews recently. Please try again later.';
const TOO_MUCH_VIDEO =
  'Too many videos were uploaded from here recently. Please try again later, or write your review.';
const OUT_OF_SPACE =
  'Video uploads are paused for a moment. Please write your review instead, or try again later.';

/** A malformed token is a 404 before any query runs. */
const linkFormat: RequestHandler = (req, _res, next) => {
  const link = req.params.link;
  next(typeof link === 'string' && isReviewLinkToken(link) ? undefined : notFound(INVALID_LINK_MESSAGE));
};

/**
 * The app's JSON parser has already read the body with the general limit; these routes accept much less.
 */
const smallBody: RequestHandler = (req, _res, next) => {
  const declared = Number(req.get('content-length') ?? 0);
  const parsed = req.body === undefined ? 0 : Buffer.byteLength(JSON.stringify(req.body));
  next(
    Math.max(declared, parsed) > PUBLIC_BODY_LIMIT
      ? new AppError(413, 'Request body is too large')
      : undefined,
  );
};

/**
 * Accepted submissions per link: a refused one (4xx, bad input) is not counted, so nobody can lock real
 * customers out of a link with a burst of invalid posts. The sender's address is limited for those.
 */
function perLinkLimiter(ctx: AppContext, name: string, limit: number): RequestHandler {
  return rateLimit({
    windowMs: HOUR,
    limit,
    skipFailedRequests: true,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: new DatabaseRateLimitStore(ctx.db, name),
    keyGenerator: (req) => String(req.params.link),
    handler: (_req, res) => {
      res.status(429).json({ message: TOO_MANY_FOR_LINK, code: 'rate_limited' } satisfies ApiErrorBody);
    },
  });
}

function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Math.round(mb * 10) / 10} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Runs multer and turns its errors into our 4xx answers. */
function receiveVideo(upload: RequestHandler, maxBytes: number, req: Request, res: Response) {
  return new Promise<void>((resolve, reject) => {
    upload(req, res, (err?: unknown) => {
      if (!err) return resolve();
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') {
          return reject(new AppError(413, `The video is too large. The limit is ${megabytes(maxBytes)}.`));
        }
        if (err.code === 'LIMIT_UNEXPECTED_FILE') {
          return reject(
            badRequest('Please send one video in the "video" field.', undefined, 'malformed_upload'),
          );
        }
        return reject(
          badRequest('The upload could not be read. Please try again.', undefined, 'malformed_upload'),
        );
      }
      reject(
        err instanceof Error && 'status' in err
          ? badRequest('The upload could not be read.', undefined, 'malformed_upload')
          : err,
      );
    });
  });
}

/** The customer's side: no session. GET the page, upload a video, POST the review. */
export function createPublicReviewRoutes(
  ctx: AppContext,
  storage: FileStorage = createFileStorage(ctx.env),
): Router {
  const { env } = ctx;
  const service = publicReviewServiceFor(ctx, storage);

  const viewLimiter = createRateLimiter({
    db: ctx.db,
    name: 'public-view',
    limit: env.RATE_LIMIT_PUBLIC * GET_MULTIPLIER,
    windowMs: HOUR,
    message: TOO_MANY_FROM_CONNECTION,
  });
  const submitLimiter = createRateLimiter({
    db: ctx.db,
    name: 'public-submit',
    limit: env.RATE_LIMIT_PUBLIC,
    windowMs: HOUR,
    message: TOO_MANY_FROM_IP,
  });
  const linkSubmitLimiter = perLinkLimiter(ctx, 'public-link-submit', SUBMISSIONS_PER_LINK_PER_HOUR);
  const ipBytes = createByteQuota(ctx.db, 'upload-bytes-ip', env.UPLOAD_BYTES_PER_IP_PER_HOUR, HOUR);
  const linkBytes = createByteQuota(ctx.db, 'upload-bytes-link', env.UPLOAD_BYTES_PER_LINK_PER_HOUR, HOUR);
  const linkUploadLimiter = perLinkLimiter(ctx, 'public-link-upload', UPLOADS_PER_LINK_PER_HOUR);

  const upload = multer({
    dest: path.join(os.tmpdir(), 'reviewflow-uploads'),
    limits: { fileSize: env.MAX_VIDEO_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
  }).single('video');

  const router = Router();

  router.get(
    '/public/review/:link',
    linkFormat,
    viewLimiter,
    validate({ params: PublicReviewLinkParamsSchema }, async ({ params }, req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      res.json(await service.getPage(params.link, req.get('accept-language')));
    }),
  );

  router.post(
    '/public/review/:link',
    linkFormat,
    smallBody,
    submitLimiter,
    linkSubmitLimiter,
    validate(
      { params: PublicReviewLinkParamsSchema, body: SubmitPublicReviewSchema },
      async ({ params, body }, _req, res) => {
        res.json(await service.submit(params.link, body));
      },
    ),
  );

  router.post(
    '/public/review/:link/video',
    linkFormat,
    submitLimiter,
    linkUploadLimiter,
    validate({ params: PublicReviewLinkParamsSchema }, async ({ params }, req, res) => {
      // The link first: an unknown link never gets to send us 50 MB.
      const resolved = await service.resolve(params.link);
      const ip = req.ip ?? 'unknown';
      // Before a byte is written: room on the disk, and room in this address's and this link's quotas.
      if ((await storage.freeBytes()) < env.MIN_FREE_DISK_BYTES) throw new AppError(507, OUT_OF_SPACE);
      const incoming = Number(req.get('content-length') ?? 0);
      const [byIp, byLink] = await Promise.all([ipBytes.used(ip), linkBytes.used(params.link)]);
      if (byIp + incoming > ipBytes.limitBytes || byLink + incoming > linkBytes.limitBytes) {
        throw new AppError(429, TOO_MUCH_VIDEO);
      }
      try {
        await receiveVideo(upload, env.MAX_VIDEO_BYTES, req, res);
        if (!req.file) throw badRequest('Please choose a video to upload.');
        const accepted = await service.acceptVideo(resolved, params.link, req.file.path);
        await Promise.all([ipBytes.add(ip, req.file.size), linkBytes.add(params.link, req.file.size)]);
        res.status(201).json(accepted);
      } finally {
        // A refused upload (two files, a cut body) may leave req.file without a path.
        if (req.file?.path) await fsp.rm(req.file.path, { force: true });
      }
    }),
  );

  return router;
}
