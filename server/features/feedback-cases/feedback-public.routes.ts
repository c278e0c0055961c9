import { Router, type Request, type Response } from 'express';
import { FeedbackMessageSchema } from '@shared/schemas/feedback-cases';
import { customerLanguage } from '../../db/customer-language';
import type { AppContext } from '../../lib/context';
import { createRateLimiter, TOO_MANY_FROM_CONNECTION } from '../../lib/rate-limit';
import { feedbackCasesServiceFor } from './feedback-cases.service';
import { feedbackPage } from './feedback-pages';

const HOUR = 60 * 60 * 1000;

/**
 * The customer's page of a feedback case (no session: the sealed link is the key): the conversation, an answer
 * box and "My issue is resolved". A POST answers with a redirect to the page, so a reload sends nothing twice.
 */
export function createFeedbackPublicRoutes(ctx: AppContext): Router {
  const cases = feedbackCasesServiceFor(ctx);
  const router = Router();
  router.use(
    '/feedback',
    createRateLimiter({
      db: ctx.db,
      name: 'feedback-link',
      limit: ctx.env.RATE_LIMIT_PUBLIC,
      windowMs: HOUR,
      message: TOO_MANY_FROM_CONNECTION,
    }),
  );

  const selfOf = (req: Request) => `/api/feedback/${encodeURIComponent(String(req.params.token))}`;
  const show = (res: Response, page: { status: number; html: string }) => {
    res.setHeader('Cache-Control', 'no-store');
    res.status(page.status).type('html').send(page.html);
  };
  const visitorLanguage = (req: Request) => customerLanguage(null, req.headers['accept-language']);
  /** After a POST: back to the page (303, so a reload sends nothing twice), or the invalid link's page. */
  const afterPost = (req: Request, res: Response, named: boolean, notice: 'sent' | 'resolved') => {
    if (!named)
      return show(
        res,
        feedbackPage({ state: 'invalid' }, { self: selfOf(req), visitorLanguage: visitorLanguage(req) }),
      );
    res.redirect(303, `${selfOf(req)}?${notice}=1`);
  };

  router.get('/feedback/:token', async (req, res) => {
    const notice = req.query.sent === '1' ? 'sent' : req.query.resolved === '1' ? 'resolved' : undefined;
    const view = await cases.openLink(String(req.params.token));
    show(res, feedbackPage(view, { self: selfOf(req), notice, visitorLanguage: visitorLanguage(req) }));
  });

  router.post('/feedback/:token', async (req, res) => {
    const token = String(req.params.token);
    const parsed = FeedbackMessageSchema.safeParse({
      body: (req.body as { message?: unknown } | undefined)?.message,
    });
    if (!parsed.success) {
      const view = await cases.openLink(token);
      const tooLong = parsed.error.issues.some((issue) => issue.code === 'too_big');
      return show(
        res,
        feedbackPage(view, {
          self: selfOf(req),
          problem: tooLong ? 'tooLong' : 'empty',
          visitorLanguage: visitorLanguage(req),
        }),
      );
    }
    afterPost(req, res, await cases.answer(token, parsed.data.body), 'sent');
  });

  router.post('/feedback/:token/resolve', async (req, res) => {
    afterPost(req, res, await cases.resolveByCustomer(String(req.params.token)), 'resolved');
  });

  return router;
}
