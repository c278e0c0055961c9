import { Router, type Request } from 'express';
import { PushEndpointSchema, PushSubscriptionInputSchema } from '@shared/schemas/push';
import type { AppContext } from '../../lib/context';
import { forbidden } from '../../lib/errors';
import { validate } from '../../middleware/validate';
import { pushServiceFor } from './push.service';

/** Push goes to the business's own people: an admin helping inside a client's area gets none. */
function pushUserOf(req: Request): number {
  if (req.user!.role === 'admin') throw forbidden("Push alerts are for the business's own team.");
  return req.user!.id;
}

/** The signed-in person's devices that receive review alerts as Web Push (issue 45). */
export function createPushRoutes(ctx: AppContext): Router {
  const service = pushServiceFor(ctx);
  const router = Router();

  router.get(
    '/push/key',
    validate({}, async (_input, _req, res) => {
      res.json(service.key());
    }),
  );

  router.get(
    '/push/subscriptions',
    validate({}, async (_input, req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      res.json(await service.list(pushUserOf(req)));
    }),
  );

  router.post(
    '/push/subscriptions',
    validate({ body: PushSubscriptionInputSchema }, async ({ body }, req, res) => {
      res.status(201).json(await service.subscribe(pushUserOf(req), body));
    }),
  );

  router.delete(
    '/push/subscriptions',
    validate({ body: PushEndpointSchema }, async ({ body }, req, res) => {
      await service.unsubscribe(pushUserOf(req), body.endpoint);
      res.status(204).end();
    }),
  );

  return router;
}
