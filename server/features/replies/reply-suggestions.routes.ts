import { Router } from 'express';
import { ReplySettingsSchema, type TemplateSuggestion } from '@shared/schemas/reply-settings';
import { ReviewIdParamsSchema } from '@shared/schemas/reviews';
import type { AppContext } from '../../lib/context';
import { createRateLimiter } from '../../lib/rate-limit';
import { scopeOf, tenantOf } from '../../middleware/tenant';
import { validate } from '../../middleware/validate';
import { replySuggestionsServiceFor, type SuggestionEvent } from './reply-suggestions.service';

/** Each suggestion is a paid call to the model: plenty for answering a backlog, not a loop. */
export const SUGGESTIONS_PER_WINDOW = 30;
const SUGGESTIONS_WINDOW_MS = 10 * 60 * 1000;
export const SUGGESTIONS_RATE_LIMITED =
  'Too many suggested replies in a short time. Please wait a few minutes, or write the reply yourself.';

const sse = (event: SuggestionEvent) => {
  const { type, ...data } = event;
  return `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
};

/** "Suggest response" (issue 16, item 4) and the owner's tone and signature for it. */
export function createReplySuggestionRoutes(ctx: AppContext): Router {
  const router = Router();
  const service = replySuggestionsServiceFor(ctx);
  const limiter = createRateLimiter({
    db: ctx.db,
    name: 'suggested-reply',
    limit: SUGGESTIONS_PER_WINDOW,
    windowMs: SUGGESTIONS_WINDOW_MS,
    message: SUGGESTIONS_RATE_LIMITED,
    key: (req) => `owner:${tenantOf(req)}`,
  });

  router.get('/reply-settings', async (req, res) => {
    res.json(await service.settings(tenantOf(req)));
  });

  router.put(
    '/reply-settings',
    validate({ body: ReplySettingsSchema }, async ({ body }, req, res) => {
      res.json(await service.saveSettings(tenantOf(req), body));
    }),
  );

  router.post(
    '/reviews/:id/suggested-reply',
    limiter,
    validate({ params: ReviewIdParamsSchema }, async ({ params }, req, res) => {
      const messages = await service.prepare(scopeOf(req), params.id);
      if (!messages) {
        res.json({ source: 'template' } satisfies TemplateSuggestion);
        return;
      }
      // Server-sent events, each written as it comes. no-transform keeps compression() from holding the
      // pieces back; X-Accel-Buffering does the same for an nginx in front.
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        'X-Accel-Buffering': 'no',
      });
      const stop = new AbortController();
      res.on('close', () => stop.abort());
      for await (const event of service.write(messages, stop.signal)) {
        if (stop.signal.aborted) break;
        res.write(sse(event));
      }
      res.end();
    }),
  );

  return router;
}
