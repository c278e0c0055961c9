import fs from 'node:fs';
import path from 'node:path';
import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import helmet from 'helmet';
import type { Database } from './db/client';
import type { Env } from './env';
import {
  createAuthRoutes,
  createAuthService,
  createEmailVerificationService,
  createLoginThrottle,
  createPassport,
  createPasswordResetService,
  createUsersRepository,
} from './features/auth';
import { createRequestSettingsRepository } from './features/review-requests';
import { createHealthRoutes } from './features/health';
import { createInvitationRoutes, createTeamService, membershipLookup } from './features/team';
import { createStripeWebhookRoutes } from './features/billing';
import { errorHandler, notFoundHandler } from './lib/errors';
import type { Logger } from './lib/logger';
import { compressAnswers } from './lib/compress-whole';
import { precompressedAssets } from './lib/precompressed';
import { requestLog } from './lib/request-log';
import { createRateLimiter } from './lib/rate-limit';
import { createSession, enforceAbsoluteLifetime, SESSION_COOKIE, dropStaleSignedInHint } from './lib/session';
import { sessionOwnerOf } from './lib/session-store';
import { createSecretBox } from './lib/crypto';
import { createUrlPolicy } from './lib/url-policy';
import type { AppContext } from './lib/context';
import { createEventBus } from './lib/events';
import { domainSubscribers } from './events';
import { createMailer } from './lib/mail/mailer';
import { createTwilioClient } from './lib/twilio/twilio';
import { createStripeClient } from './lib/stripe';
import { createFacebookClient, createGoogleClient } from './features/integrations';
import { auditAdminAccess } from './middleware/audit';
import { requireAdmin, requireAuth } from './middleware/auth';
import { rejectNul } from './middleware/reject-nul';
import { jsonBody } from './lib/json-body';
import { sameOrigin } from './middleware/same-origin';
import { tenantFromPath, tenantFromUser } from './middleware/tenant';
import { createAdminRouter } from './routes/admin-routes';
import { createClientRouter } from './routes/client-routes';
import { createPublicApiRouter } from './features/api-access';
import { createPublicRouter } from './routes/public-routes';
import { createCrawlerRoutes } from './features/crawlers';
import { createWidgetWallRoutes, openToEveryOrigin } from './features/widget';

export interface AppOptions {
  db: Database;
  env: Env;
  logger: Logger;
  sessionSecret: string;
  version?: string;
  /** The built SPA to serve (dist/public); omitted in API tests. */
  staticDir?: string;
  /** Middleware that serves the SPA in development (Vite). */
  devMiddleware?: RequestHandler;
  /** Whether this process's job worker runs, for /api/health (no worker in API tests). */
  queueRunning?: () => boolean;
  /** The context to share with the job worker; built from the options above when omitted. */
  context?: AppContext;
}

/** The services every feature and the job worker use; one per process. */
export function createAppContext(
  options: Pick<AppOptions, 'db' | 'env' | 'logger' | 'sessionSecret'>,
): AppContext {
  const { db, env, logger } = options;
  const secretBox = createSecretBox(env.TOKEN_ENCRYPTION_KEY ?? options.sessionSecret);
  return {
    db,
    env,
    logger,
    secretBox,
    mailer: createMailer(env, logger),
    twilio: createTwilioClient(env),
    google: createGoogleClient(env, secretBox),
    facebook: createFacebookClient(env, secretBox),
    stripe: createStripeClient(env),
    now: () => new Date(),
    webhookUrls: createUrlPolicy(),
    events: createEventBus(domainSubscribers),
  };
}

const MINUTES_15 = 15 * 60 * 1000;
/** Verification links and email changes a signed-in account may ask for per hour: each one sends mail. */
const ACCOUNT_MAILS_PER_HOUR = 10;

const keepNoCopy: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/** Builds the whole app without listening, so tests drive it directly. */
export function createApp(options: AppOptions): Express {
  const { db, env, logger } = options;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', env.TRUST_PROXY);
  app.set('query parser', 'simple');

  app.use(requestLog(logger, { ignore: (req) => req.url === '/api/health' }));
  // gzip/deflate/brotli for every text answer (JSON, HTML, JS, CSS, CSV) worth it; images and video pass as
  // they are. A phone on a slow network gets the app and the review page in a third of the bytes. An answer
  // sent whole (JSON, HTML) is compressed in one call, not through a zlib stream of its own.
  app.use(compressAnswers());
  app.use(
    helmet({
      contentSecurityPolicy: options.devMiddleware
        ? false // Vite's dev server injects inline scripts; production keeps the strict policy.
        : {
            directives: {
              'script-src': ["'self'"],
              'img-src': ["'self'", 'data:', 'blob:'],
              'media-src': ["'self'", 'blob:'],
              'connect-src': ["'self'"],
              'frame-ancestors': ["'none'"],
              // Helmet's default would push every asset to https, breaking plain-http deployments.
              'upgrade-insecure-requests': null,
            },
          },
      crossOriginEmbedderPolicy: false,
    }),
  );

  const ctx: AppContext = options.context ?? createAppContext(options);
  const users = createUsersRepository(db);
  const auth = createAuthService(users, createRequestSettingsRepository(db));
  const passport = createPassport(auth);
  const session = createSession(db, options.sessionSecret);
  const team = createTeamService(ctx);
  const authLimiter = createRateLimiter({
    db,
    name: 'auth',
    limit: env.RATE_LIMIT_AUTH,
    windowMs: MINUTES_15,
    message: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  });

  // The API answers with a client's own data: no browser or proxy cache keeps a copy of it, unless a route
  // says its answer is public (the widget's reviews, the plan terms).
  app.use('/api', keepNoCopy);
  // Stripe signs the raw body: its webhook is parsed, checked and answered before the JSON parser runs.
  app.use('/api', createStripeWebhookRoutes(ctx));

  const api = express.Router();
  api.use(jsonBody(env.MAX_BODY_BYTES));
  api.use(express.urlencoded({ extended: false, limit: env.MAX_BODY_BYTES }));
  api.use(rejectNul);
  api.use(sameOrigin([new URL(env.publicBaseUrl).origin]));
  const health = createHealthRoutes({
    db,
    version: options.version ?? 'dev',
    queueRunning: options.queueRunning,
  });
  api.use(health.open);
  // No session needed below: the public review page, provider callbacks, unsubscribe links.
  api.use(createPublicRouter(ctx));
  api.use(session.middleware);
  api.use(passport.session());
  api.use(enforceAbsoluteLifetime);
  api.use(dropStaleSignedInHint);
  api.use(
    createAuthRoutes({
      auth,
      throttle: createLoginThrottle(db, ctx.now),
      passport,
      authLimiter,
      sessionCookieName: SESSION_COOKIE,
      passwordReset: createPasswordResetService(ctx),
      verification: createEmailVerificationService(ctx, users),
      accountMailLimiter: createRateLimiter({
        db,
        name: 'account-mail',
        limit: ACCOUNT_MAILS_PER_HOUR,
        windowMs: 60 * 60 * 1000,
        message: 'Too many emails asked for. Please wait an hour and try again.',
        key: (req) => `user:${req.user!.id}`,
      }),
      // A member's team was read with the session, in the same statement (lib/session-store.ts).
      teamOf: (user, req) => team.teamOf(user, sessionOwnerOf(req, user.id)?.membership),
    }),
  );

  // The invitation link works signed in or not; accepting hashes a new password, so it shares sign-in's limit.
  api.use(createInvitationRoutes(ctx, authLimiter));

  const clientRouter = createClientRouter(ctx);
  api.use('/admin', requireAdmin, health.admin, createAdminRouter(ctx));
  // The client's area as an admin sees it: the same handlers, the tenant taken from the path.
  api.use(
    '/admin/clients/:clientId',
    requireAdmin,
    tenantFromPath((id) => users.findById(id)),
    auditAdminAccess(ctx.events, db, logger),
    clientRouter,
  );
  api.use(requireAuth, tenantFromUser(membershipLookup(db)), clientRouter);
  api.use(notFoundHandler);

  // The public API for a client's own systems: a bearer key, no session, no browser origin to check.
  app.use('/api/v1', createPublicApiRouter(ctx));
  app.use('/api', api);
  // The public wall of a client's widget: a small server-rendered page, no script (features/widget).
  app.use(createWidgetWallRoutes(ctx));
  // robots.txt and sitemap.xml: what search engines may crawl (features/crawlers).
  app.use(createCrawlerRoutes(ctx));

  if (options.devMiddleware) app.use(options.devMiddleware);
  if (options.staticDir) serveSpa(app, options.staticDir);

  app.use(errorHandler);
  return app;
}

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** The customer's review page (PRODUCT.md section 7): its own page of the build, client/review.html. */
const REVIEW_PAGE_PATH = '/review/:link';
/** The owner app's files whose name never changes (scripts/build-service-worker.ts, client/public). */
const UNHASHED_APP_FILES = new Set(['sw.js', 'manifest.webmanifest']);
const WIDGET_SCRIPT = '/widget.js';
const WIDGET_SCRIPT_MAX_AGE_MS = 5 * 60 * 1000;

function serveSpa(app: Express, staticDir: string): void {
  const indexHtml = fs.readFileSync(path.join(staticDir, 'index.html'));
  // The public review page loads only its own scripts, not the whole app (issue 13; vite.config.ts's inputs).
  const reviewHtml = fs.readFileSync(path.join(staticDir, 'review.html'));
  // The landing page is finished HTML, no script to run first (scripts/prerender-landing.tsx).
  const landingHtml = fs.readFileSync(path.join(staticDir, 'landing.html'));
  const sendHtml = (html: Buffer) => (_req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(html);
  };
  // Hashed assets never change; the HTML pages are revalidated so a deploy is picked up at once.
  // Source maps are built for our own debugging, never served: they would hand out the original source.
  app.use((req, res, next) => (req.path.endsWith('.map') ? res.status(404).end() : next()));
  const assets = path.join(staticDir, 'assets');
  app.use('/assets', precompressedAssets(assets, { maxAgeMs: ONE_YEAR_MS }));
  app.use('/assets', express.static(assets, { immutable: true, maxAge: ONE_YEAR_MS }));
  // An asset this build does not have (an old page asking for a replaced chunk) is a 404, not the app's HTML.
  app.use('/assets', (_req, res) => res.status(404).end());
  // The website widget (client/widget, built by scripts/build-widget.mjs): other sites load it, so its
  // Cross-Origin-Resource-Policy lets them; its name never changes, so browsers revalidate it after 5 minutes.
  app.get(
    WIDGET_SCRIPT,
    openToEveryOrigin,
    precompressedAssets(staticDir, { maxAgeMs: WIDGET_SCRIPT_MAX_AGE_MS, immutable: false }),
    express.static(staticDir, { index: false, maxAge: WIDGET_SCRIPT_MAX_AGE_MS }),
  );
  app.use(
    express.static(staticDir, {
      index: false,
      maxAge: '1h',
      // The service worker and the manifest name no hash: a deploy must reach the next visit at once.
      setHeaders: (res, file) => {
        if (UNHASHED_APP_FILES.has(path.basename(file))) res.setHeader('Cache-Control', 'no-cache');
      },
    }),
  );
  app.get(REVIEW_PAGE_PATH, sendHtml(reviewHtml));
  app.get('/', sendHtml(landingHtml));
  app.get(/^(?!\/api\/).*/, sendHtml(indexHtml));
}
