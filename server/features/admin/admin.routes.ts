import { Router, type Request } from 'express';
import {
  AuditQuerySchema,
  ClientListQuerySchema,
  CreateClientSchema,
  OutboxQuerySchema,
  UpdateClientSchema,
} from '@shared/schemas/admin';
import { IdParamsSchema } from '@shared/schemas/domain';
import { CreatePlanSchema, UpdatePlanSchema } from '@shared/schemas/plans';
import type { AppContext } from '../../lib/context';
import { validate } from '../../middleware/validate';
import { adminServiceFor } from './admin.service';
import { createAdminMailRoutes } from './admin-mail.routes';
import { createPasswordResetService } from '../auth';
import { createBillingService } from '../billing';

/** The signed-in admin (requireAdmin runs where the admin router is mounted). */
const actorOf = (req: Request) => ({ id: req.user!.id });

/**
 * The admin area's API under /api/admin: platform figures, client accounts, plans, the outbox and the
 * audit log. Every change is written to the audit log in the same transaction as the change.
 */
export function createAdminRoutes(ctx: AppContext): Router {
  const admin = adminServiceFor(ctx);
  const passwordReset = createPasswordResetService(ctx);
  const billing = createBillingService(ctx);
  const router = Router();

  router.get('/stats', async (_req, res) => {
    res.json(await admin.stats());
  });

  // ------------------------------------------------------------------------------------------ clients
  router.get(
    '/clients',
    validate({ query: ClientListQuerySchema }, async ({ query }, _req, res) => {
      const { rows, total } = await admin.listClients(query);
      res.setHeader('X-Total-Count', String(total));
      res.json(rows);
    }),
  );
  router.post(
    '/clients',
    validate({ body: CreateClientSchema }, async ({ body }, req, res) => {
      res.status(201).json(await admin.createClient(actorOf(req), body));
    }),
  );
  router.get(
    '/clients/:id',
    validate({ params: IdParamsSchema }, async ({ params }, _req, res) => {
      res.json(await admin.getClient(params.id));
    }),
  );
  router.patch(
    '/clients/:id',
    validate({ params: IdParamsSchema, body: UpdateClientSchema }, async ({ params, body }, req, res) => {
      res.json(await admin.updateClient(actorOf(req), params.id, body));
    }),
  );
  router.post(
    '/clients/:id/password-reset',
    validate({ params: IdParamsSchema }, async ({ params }, req, res) => {
      res.json(await admin.sendResetLink(actorOf(req), params.id, passwordReset.sendLink));
    }),
  );
  router.delete(
    '/clients/:id',
    validate({ params: IdParamsSchema }, async ({ params }, req, res) => {
      await admin.deleteClient(actorOf(req), params.id, billing.cancelSubscriptionNow);
      res.status(204).end();
    }),
  );

  // -------------------------------------------------------------------------------------------- plans
  router.get('/plans', async (_req, res) => {
    res.json(await admin.listPlans());
  });
  router.post(
    '/plans',
    validate({ body: CreatePlanSchema }, async ({ body }, req, res) => {
      res.status(201).json(await admin.createPlan(actorOf(req), body));
    }),
  );
  router.patch(
    '/plans/:id',
    validate({ params: IdParamsSchema, body: UpdatePlanSchema }, async ({ params, body }, req, res) => {
      res.json(await admin.updatePlan(actorOf(req), params.id, body));
    }),
  );
  router.delete(
    '/plans/:id',
    validate({ params: IdParamsSchema }, async ({ params }, req, res) => {
      res.json(await admin.archivePlan(actorOf(req), params.id));
    }),
  );

  // ------------------------------------------------------------------------------- outbox and audit
  router.get(
    '/outbox',
    validate({ query: OutboxQuerySchema }, async ({ query }, _req, res) => {
      const { rows, total } = await admin.listOutbox(query);
      res.setHeader('X-Total-Count', String(total));
      res.json(rows);
    }),
  );
  router.get(
    '/audit',
    validate({ query: AuditQuerySchema }, async ({ query }, _req, res) => {
      const { rows, total } = await admin.listAudit(query);
      res.setHeader('X-Total-Count', String(total));
      res.json(rows);
    }),
  );

  router.use(createAdminMailRoutes(ctx));
  return router;
}

/** GET /api/plans for a signed-in client: the plans they can choose (archived ones are hidden). */
export function createPlansRoutes(ctx: AppContext): Router {
  const admin = adminServiceFor(ctx);
  const router = Router();
  router.get('/plans', async (_req, res) => {
    res.json(await admin.listActivePlans());
  });
  return router;
}
