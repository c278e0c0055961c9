import { Router, type Request, type RequestHandler } from 'express';
import {
  PROOF_MESSAGES,
  ProofLogQuerySchema,
  ProofSettingsSchema,
  ProofSlugParamsSchema,
} from '@shared/schemas/proof';
import type { AppContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { createRateLimiter, TOO_MANY_FROM_CONNECTION } from '../../lib/rate-limit';
import { tenantOf } from '../../middleware/tenant';
import { validate } from '../../middleware/validate';
import { openToEveryOrigin } from '../widget';
import { badgeSvg } from './badge';
import { proofServiceFor } from './proof.service';

const HOUR = 60 * 60 * 1000;
/** The page, its badge and its log are published once a day: a browser or CDN may keep them five minutes. */
export const PROOF_CACHE_CONTROL = 'public, max-age=300';
/** A badge sits on every page of a website, like the widget: more requests an hour than the review page. */
const BADGE_MULTIPLIER = 10;

/** A public address's slug; one that cannot be a slug is as unknown as one nobody has: the same 404. */
function slugOf(req: Request): string {
  const parsed = ProofSlugParamsSchema.safeParse(req.params);
  if (!parsed.success) throw notFound(PROOF_MESSAGES.notFound);
  return parsed.data.slug;
}

/** Settings › Proof (owner): mounted in the client router, so an admin inside the client's area sees it too. */
export function createProofRoutes(ctx: AppContext): Router {
  const router = Router();
  const service = proofServiceFor(ctx);

  router.get('/proof-settings', async (req, res) => {
    res.json(await service.getSettings(tenantOf(req)));
  });

  router.put(
    '/proof-settings',
    validate({ body: ProofSettingsSchema }, async ({ body }, req, res) => {
      res.json(await service.saveSettings(tenantOf(req), body));
    }),
  );

  return router;
}

/**
 * The public proof (no session): GET /api/proof/{slug}, its log and its badge. Anyone may read them from any
 * site (open CORS, no credentials), so a reader can re-compute the chain in their own page.
 */
export function createProofPublicRoutes(ctx: AppContext): Router {
  const router = Router();
  const service = proofServiceFor(ctx);
  const limiter = (name: string, multiplier = 1): RequestHandler =>
    createRateLimiter({
      db: ctx.db,
      name,
      limit: ctx.env.RATE_LIMIT_PUBLIC * multiplier,
      windowMs: HOUR,
      message: TOO_MANY_FROM_CONNECTION,
    });

  router.get('/proof/:slug', openToEveryOrigin, limiter('proof'), async (req, res) => {
    const summary = await service.summary(slugOf(req));
    res.setHeader('Cache-Control', PROOF_CACHE_CONTROL);
    res.json(summary);
  });

  router.get(
    '/proof/:slug/log',
    openToEveryOrigin,
    // Verifying a long log reads it a thousand entries a request.
    limiter('proof-log', 10),
    validate({ query: ProofLogQuerySchema }, async ({ query }, req, res) => {
      const page = await service.logPage(slugOf(req), query.after, query.limit);
      res.setHeader('Cache-Control', PROOF_CACHE_CONTROL);
      res.json(page);
    }),
  );

  router.get(
    '/proof/:slug/badge.svg',
    openToEveryOrigin,
    limiter('proof-badge', BADGE_MULTIPLIER),
    async (req, res) => {
      const summary = await service.summary(slugOf(req));
      res.setHeader('Cache-Control', PROOF_CACHE_CONTROL);
      res.type('image/svg+xml').send(badgeSvg(summary));
    },
  );

  return router;
}
