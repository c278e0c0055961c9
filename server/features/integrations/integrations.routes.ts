import { type Request, Router } from 'express';
import { IdParamsSchema } from '@shared/schemas/domain';
import {
  ConnectQuerySchema,
  DisconnectQuerySchema,
  LinkGoogleLocationSchema,
  OAuthCallbackQuerySchema,
  ProviderParamsSchema,
  PROVIDERS,
} from '@shared/schemas/integrations';
import type { AppContext } from '../../lib/context';
import { saveSession } from '../../lib/session';
import { validate } from '../../middleware/validate';
import { scopeOf, tenantOf } from '../../middleware/tenant';
import { integrationsServiceFor, type Actor } from './integrations.service';
import { syncServiceFor } from './sync.service';

const actorOf = (req: Request): Actor => ({
  userId: req.user!.id,
  isAdmin: req.user!.role === 'admin',
  tenantId: tenantOf(req),
});

/**
 * Google Business Profile and Facebook Page connections (PRODUCT.md section 5, Integrations), in the client
 * router: the OAuth callbacks need the signed-in session that started the flow, and an admin inside a
 * client's area runs the same handlers. Provider failures answer 502 with the provider's message. Replies,
 * the provider reply endpoints included, are the replies feature's; it publishes through reply-publisher.ts.
 */
export function createIntegrationsRoutes(ctx: AppContext): Router {
  const service = integrationsServiceFor(ctx);
  const sync = syncServiceFor(ctx);
  const router = Router();

  router.get(
    '/integrations',
    validate({}, async (_input, req, res) => {
      res.json(await service.overview(scopeOf(req)));
    }),
  );

  router.get(
    '/integrations/sync-runs/:id',
    validate({ params: IdParamsSchema }, async ({ params }, req, res) => {
      res.json(await sync.find(tenantOf(req), params.id));
    }),
  );

  router.get(
    '/integrations/google/locations',
    validate({}, async (_input, req, res) => {
      res.json(await service.googleLocations(tenantOf(req)));
    }),
  );

  router.post(
    '/integrations/google/link',
    validate({ body: LinkGoogleLocationSchema }, async ({ body }, req, res) => {
      res.json(await service.linkGoogleLocation(tenantOf(req), body));
    }),
  );

  for (const provider of PROVIDERS) {
    router.get(
      `/integrations/${provider}/connect`,
      validate({ query: ConnectQuerySchema }, async ({ query }, req, res) => {
        const url = await service.connectUrl(provider, req.session, actorOf(req), query.locationId);
        // The provider may send the browser back at once: the nonce must be stored before it is sent there.
        await saveSession(req);
        res.redirect(302, url);
      }),
    );

    router.get(
      `/integrations/${provider}/callback`,
      validate({ query: OAuthCallbackQuerySchema }, async ({ query }, req, res) => {
        // A browser may send the same callback twice (it retries a request whose kept-alive connection
        // closed under it); the state is single-use, so the repeat is answered with the first one's result.
        const done = req.session.oauthDone?.[provider];
        if (query.state && done?.state === query.state) return res.redirect(302, done.path);
        const finish = provider === 'google' ? service.finishGoogle : service.finishFacebook;
        const path = await finish(req.session, actorOf(req), query);
        if (query.state)
          req.session.oauthDone = { ...req.session.oauthDone, [provider]: { state: query.state, path } };
        await saveSession(req);
        res.redirect(302, path);
      }),
    );

    // Queues the import (the job queue runs it, never this request); the answer is the run to follow.
    router.post(
      `/integrations/${provider}/import-reviews`,
      validate({}, async (_input, req, res) => {
        const { run, created } = await sync.request(tenantOf(req), provider);
        res.status(created ? 202 : 200).json(run);
      }),
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
