import { Router, type RequestHandler } from 'express';
import {
  PickableReviewsQuerySchema,
  WallPageQuerySchema,
  WidgetKeyParamsSchema,
  WidgetSettingsSchema,
} from '@shared/schemas/widget';
import type { AppContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { simplePage } from '../../lib/simple-page';
import { messagesIn } from '../../lib/i18n';
import { visitorLanguage } from '../../db/customer-language';
import { createRateLimiter, TOO_MANY_FROM_CONNECTION } from '../../lib/rate-limit';
import { tenantOf } from '../../middleware/tenant';
import { validate } from '../../middleware/validate';
import { wallPage } from './wall-page';
import { WIDGET_NOT_FOUND, widgetServiceFor } from './widget.service';

const HOUR = 60 * 60 * 1000;
/** A widget sits on every page of a website; its answer is cached for five minutes, so a visitor asks rarely. */
const WIDGET_MULTIPLIER = 10;
/** How long a browser or CDN may keep the widget's answer: a new review shows within five minutes. */
export const WIDGET_CACHE_CONTROL = 'public, max-age=300';

/** The client's Settings › Widget: mounted in the client router, so the admin's mirror works too. */
export function createWidgetRoutes(ctx: AppContext): Router {
  const router = Router();
  const service = widgetServiceFor(ctx);

  router.get('/widget-settings', async (req, res) => {
    res.json(await service.get(tenantOf(req)));
  });

  router.put(
    '/widget-settings',
    validate({ body: WidgetSettingsSchema }, async ({ body }, req, res) => {
      res.json(await service.save(tenantOf(req), body));
    }),
  );

  router.post('/widget-settings/rotate-key', async (req, res) => {
    res.json(await service.rotateKey(tenantOf(req)));
  });

  router.post(
    '/widget-settings/preview',
    validate({ body: WidgetSettingsSchema }, async ({ body }, req, res) => {
      res.json(await service.preview(tenantOf(req), body));
    }),
  );

  router.get(
    '/widget-settings/reviews',
    validate({ query: PickableReviewsQuerySchema }, async ({ query }, req, res) => {
      res.json(await service.pickable(tenantOf(req), query.page));
    }),
  );

  return router;
}

/**
 * Any website may load the widget's script and data: open CORS for reads (no credentials: nothing here
 * depends on a cookie), and a Cross-Origin-Resource-Policy that lets another origin use the answer
 * (helmet's default, same-origin, would block it).
 */
export const openToEveryOrigin: RequestHandler = (_req, res, next) => {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  next();
};

function widgetLimiter(ctx: AppContext, name: string): RequestHandler {
  return createRateLimiter({
    db: ctx.db,
    name,
    limit: ctx.env.RATE_LIMIT_PUBLIC * WIDGET_MULTIPLIER,
    windowMs: HOUR,
    message: TOO_MANY_FROM_CONNECTION,
  });
}

const isWidgetKey = (key: unknown): key is string =>
  WidgetKeyParamsSchema.safeParse({ publicKey: key }).success;

/** GET /api/widget/{publicKey}: what the embedded widget shows (public router, no session). */
export function createWidgetPublicRoutes(ctx: AppContext): Router {
  const router = Router();
  const service = widgetServiceFor(ctx);
  router.get('/widget/:publicKey', openToEveryOrigin, widgetLimiter(ctx, 'widget'), async (req, res) => {
    const { publicKey } = req.params;
    // A malformed key is as unknown as a well-formed one nobody has: the same 404, before any query.
    const language = visitorLanguage(req.query.lang, req.get('accept-language'));
    const widget = isWidgetKey(publicKey) ? await service.publicWidget(publicKey, 1, language) : null;
    if (!widget) throw notFound(WIDGET_NOT_FOUND);
    res.setHeader('Cache-Control', WIDGET_CACHE_CONTROL);
    // The words follow the visitor's browser: a cache keeps one answer per language.
    res.setHeader('Vary', 'Accept-Language');
    res.json(widget);
  });
  return router;
}

/**
 * GET /wall/{publicKey}?page=N: the same reviews as a page of their own, to share, WIDGET_MAX_REVIEWS a
 * page. The page is HTML, so its refusals are too: a page number that is not one is 400, as the hand-pick
 * list's is; a page past the last is an empty page that links back.
 */
export function createWidgetWallRoutes(ctx: AppContext): Router {
  const router = Router();
  const service = widgetServiceFor(ctx);
  router.get('/wall/:publicKey', widgetLimiter(ctx, 'widget-wall'), async (req, res) => {
    const { publicKey } = req.params;
    const language = visitorLanguage(req.query.lang, req.get('accept-language'));
    const t = messagesIn(language);
    const query = WallPageQuerySchema.safeParse(req.query);
    if (!query.success) {
      res
        .status(400)
        .type('html')
        .send(simplePage(t('wall.notFound'), t('wall.badPage'), '', language));
      return;
    }
    const { page } = query.data;
    const widget = isWidgetKey(publicKey) ? await service.publicWidget(publicKey, page, language) : null;
    if (!widget) {
      res
        .status(404)
        .type('html')
        .send(simplePage(t('wall.notFound'), t('wall.gone'), '', language));
      return;
    }
    res.setHeader('Cache-Control', WIDGET_CACHE_CONTROL);
    res.setHeader('Vary', 'Accept-Language');
    res.type('html').send(wallPage(widget, { page, path: `/wall/${publicKey}` }));
  });
  return router;
}
