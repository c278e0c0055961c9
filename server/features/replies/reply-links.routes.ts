import { Router, type Request, type Response } from 'express';
import { REPLY_DRAFT_NOT_FOUND, ReviewIdParamsSchema } from '@shared/schemas/reviews';
import type { AppContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { createRateLimiter, TOO_MANY_FROM_CONNECTION } from '../../lib/rate-limit';
import { scopeOf } from '../../middleware/tenant';
import { validate } from '../../middleware/validate';
import { replyLinkPage } from './reply-link-pages';
import { editReplyUrl, replyLinksServiceFor, type ReplyLinkView } from './reply-links.service';
import type { ReplyPublisher } from './reply-publisher';

const HOUR = 60 * 60 * 1000;

/**
 * The "Publish this reply" link of a review alert (no session: the sealed token is the key). Opening it only
 * shows the reply; its button publishes, and the page after it can undo for five minutes.
 */
export function createReplyLinkPublicRoutes(ctx: AppContext, publisher: ReplyPublisher): Router {
  const links = replyLinksServiceFor(ctx, publisher);
  const router = Router();
  router.use(
    '/reply-links',
    createRateLimiter({
      db: ctx.db,
      name: 'reply-link',
      limit: ctx.env.RATE_LIMIT_PUBLIC,
      windowMs: HOUR,
      message: TOO_MANY_FROM_CONNECTION,
    }),
  );

  const show = (req: Request, res: Response, view: ReplyLinkView) => {
    const token = String(req.params.token);
    const page = replyLinkPage(view, {
      self: `/api/reply-links/${encodeURIComponent(token)}`,
      edit: (reviewId) => editReplyUrl(ctx.env.publicBaseUrl, reviewId),
    });
    res.setHeader('Cache-Control', 'no-store');
    res.status(page.status).type('html').send(page.html);
  };

  router.get('/reply-links/:token', async (req, res) => {
    show(req, res, await links.open(String(req.params.token)));
  });
  router.post('/reply-links/:token/publish', async (req, res) => {
    show(req, res, await links.publish(String(req.params.token)));
  });
  router.post('/reply-links/:token/undo', async (req, res) => {
    show(req, res, await links.undo(String(req.params.token)));
  });

  return router;
}

/** "Edit in ReviewFlow": the reply the alert suggested for a review, to start the editor from. */
export function createReplyDraftRoutes(ctx: AppContext, publisher: ReplyPublisher): Router {
  const links = replyLinksServiceFor(ctx, publisher);
  const router = Router();
  router.get(
    '/reviews/:id/reply-draft',
    validate({ params: ReviewIdParamsSchema }, async ({ params }, req, res) => {
      const content = await links.draftOf(scopeOf(req), params.id, ctx.now());
      if (content === undefined) throw notFound(REPLY_DRAFT_NOT_FOUND);
      res.json({ content });
    }),
  );
  return router;
}
