import { Router, type RequestHandler } from 'express';
import { API_KEY_MESSAGES, IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_MESSAGES } from '@shared/schemas/api-access';
import type { AppContext } from '../../lib/context';
import { AppError, badRequest, notFoundHandler } from '../../lib/errors';
import { jsonBody } from '../../lib/json-body';
import { createRateLimiter } from '../../lib/rate-limit';
import { rejectNul } from '../../middleware/reject-nul';
import { tenantOf } from '../../middleware/tenant';
import { validate } from '../../middleware/validate';
import { apiKeysServiceFor, type ApiKeysService } from './api-keys.service';
import { buildOpenApiDocument, REVIEW_REQUEST_BODY_SCHEMA } from './openapi';
import { publicApiServiceFor } from './public-api.service';

declare module 'express-serve-static-core' {
  interface Request {
    /** The API key a /api/v1 call was made with. */
    apiKeyId?: number;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;
/** Visible ASCII, as Stripe accepts. */
const IDEMPOTENCY_KEY = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`);

const unauthorizedApi = (message: string) => new AppError(401, message, undefined, 'invalid_api_key');

/**
 * `Authorization: Bearer <key>`: the tenant is the key's owner. No session and no cookie is read, so the
 * browser's same-origin check has nothing to protect here and is not applied.
 */
function bearerAuth(keys: ApiKeysService): RequestHandler {
  return async (req, res, next) => {
    const match = BEARER.exec(req.get('authorization') ?? '');
    res.setHeader('WWW-Authenticate', 'Bearer realm="ReviewFlow API"');
    if (!match) return next(unauthorizedApi(API_KEY_MESSAGES.missing));
    const found = await keys.authenticate(match[1]!);
    if (!found) return next(unauthorizedApi(API_KEY_MESSAGES.invalid));
    res.removeHeader('WWW-Authenticate');
    req.tenantId = found.ownerId;
    req.apiKeyId = found.id;
    next();
  };
}

/** The public API for a client's own systems (issue 16), mounted at /api/v1 before the session's router. */
export function createPublicApiRouter(ctx: AppContext): Router {
  const router = Router();
  const keys = apiKeysServiceFor(ctx);
  const service = publicApiServiceFor(ctx);

  router.get('/openapi.json', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(buildOpenApiDocument(ctx.env.publicBaseUrl));
  });

  router.use(
    bearerAuth(keys),
    createRateLimiter({
      db: ctx.db,
      name: 'api-v1',
      limit: ctx.env.RATE_LIMIT_API,
      windowMs: 60_000,
      message: `Too many API calls: at most ${ctx.env.RATE_LIMIT_API} a minute per key. Please retry shortly.`,
      key: (req) => `key:${req.apiKeyId!}`,
    }),
    // After the key: a caller without one hears 401, whatever its body.
    jsonBody(ctx.env.MAX_BODY_BYTES),
    rejectNul,
  );

  router.post(
    '/review-requests',
    validate({ body: REVIEW_REQUEST_BODY_SCHEMA }, async ({ body }, req, res) => {
      const header = req.get('idempotency-key');
      if (header !== undefined && !IDEMPOTENCY_KEY.test(header))
        throw badRequest(IDEMPOTENCY_MESSAGES.invalid);
      const answer = await service.createReviewRequest(
        tenantOf(req),
        body,
        header === undefined ? undefined : { key: header, body: req.body as unknown },
      );
      if (answer.replayed) res.setHeader('Idempotent-Replayed', 'true');
      res.status(answer.status).json(answer.body);
    }),
  );

  router.use(notFoundHandler);
  return router;
}
