import { type Request, Router } from 'express';
import { IdParamsSchema } from '@shared/schemas/domain';
import {
  ConnectQuerySchema,
  DisconnectQuerySchema,
  IntegrationReplySchema,
  OAuthCallbackQuerySchema,
  ProviderParamsSchema,
  PROVIDERS,
} from '@shared/schemas/integrations';
import type { AppContext } from '../../lib/context';
import { validate } from '../../middleware/validate';
import { tenantOf } from '../../middleware/tenant';
import { createFacebookClient } from './facebook.client';
import { createGoogleClient } from './google.client';
import { createIntegrationsRepository } from './integrations.repository';
import { createIntegrationsService, type Actor } from './integrations.service';
import { createOAuthState } from './oauth-state';

const actorOf = (req: Request): Actor => ({
  userId: req.user!.id,
  isAdmin: req.user!.role === 'admin',
  tenantId: tenantOf(req),
});

/**
 * Google Business Profile and Facebook Page connections (PRODUCT.md section 5, Integrations), in the client
 * router: the OAuth callbacks need the signed-in session that started the flow, and an admin inside a
 * client's area runs the same handlers. Provider failures answer 502 with the provider's message.
 */
export function createIntegrationsRoutes(ctx: AppContext): Router {
  const service = createIntegrationsService({
    repo: createIntegrationsRepository(ctx.db),
    google: createGoogleClient(ctx.env, ctx.secretBox),
    facebook: createFacebookClient(ctx.env, ctx.secretBox),
    state: createOAuthState(ctx.secretBox),
    logger: ctx.logger,
    publicBaseUrl: ctx.env.publicBaseUrl,
  });
  const router = Router();

  router.get(
    '/integrations',
    validate({}, async (_input, req, res) => {
      res.json(await service.overview(tenantOf(req)));
    }),
  );

  for (const provider of PROVIDERS) {
    router.get(
      `/integrations/${provider}/connect`,
      validate({ query: ConnectQuerySchema }, async ({ query }, req, res) => {
        const url = await service.connectUrl(provider, req.session, actorOf(req), query.locationId);
        // express-session stores the nonce before the redirect leaves (it saves on res.end).
        res.redirect(302, url);
      }),
    );

    router.get(
      `/integrations/${provider}/callback`,
      validate({ query: OAuthCallbackQuerySchema }, async ({ query }, req, res) => {
        const finish = provider === 'google' ? service.finishGoogle : service.finishFacebook;
        res.redirect(302, await finish(req.session, actorOf(req), query));
      }),
    );

    router.post(
      `/integrations/${provider}/import-reviews`,
      validate({}, async (_input, req, res) => {
        const importer = provider === 'google' ? service.importGoogle : service.importFacebook;
        res.json(await importer(tenantOf(req)));
      }),
    );

    router.post(
      `/integrations/${provider}/reply/:id`,
      validate(
        { params: IdParamsSchema, body: IntegrationReplySchema },
        async ({ params, body }, req, res) => {
          res.json(await service.reply(provider, tenantOf(req), params.id, body.reply));
        },
      ),
    );
  }

  router.delete(
    '/integrations/:provider',
    validate(
      { params: ProviderParamsSchema, query: DisconnectQuerySchema },
      async ({ params, query }, req, res) => {
        res.json(await service.disconnect(params.provider, tenantOf(req), query.locationId));
      },
    ),
  );

  return router;
}
