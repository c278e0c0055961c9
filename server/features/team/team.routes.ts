import { Router, type NextFunction, type Request, type Response } from 'express';
import { IdParamsSchema } from '@shared/schemas/domain';
import {
  AcceptInvitationSchema,
  InvitationTokenParamsSchema,
  InviteMemberSchema,
  UpdateMemberSchema,
} from '@shared/schemas/team';
import type { AppContext } from '../../lib/context';
import { tenantOf } from '../../middleware/tenant';
import { validate } from '../../middleware/validate';
import { logIn, toPublicUser } from '../auth';
import { createTeamService, type Actor } from './team.service';

const actorOf = (req: Request): Actor => ({
  userId: req.user!.id,
  clientId: tenantOf(req),
  role: req.teamRole!,
});

/** The owner's Settings › Team (client router: owners only, see server/routes/client-route-roles.ts). */
export function createTeamRoutes(ctx: AppContext): Router {
  const team = createTeamService(ctx);
  const router = Router();

  router.get('/team', async (req, res) => {
    res.json(await team.overview(tenantOf(req)));
  });

  router.post(
    '/team/invitations',
    validate({ body: InviteMemberSchema }, async ({ body }, req, res) => {
      res.status(201).json(await team.invite(actorOf(req), body));
    }),
  );

  router.delete(
    '/team/invitations/:id',
    validate({ params: IdParamsSchema }, async ({ params }, req, res) => {
      await team.revoke(actorOf(req), params.id);
      res.status(204).end();
    }),
  );

  router.patch(
    '/team/members/:id',
    validate({ params: IdParamsSchema, body: UpdateMemberSchema }, async ({ params, body }, req, res) => {
      res.json(await team.update(actorOf(req), params.id, body));
    }),
  );

  router.delete(
    '/team/members/:id',
    validate({ params: IdParamsSchema }, async ({ params }, req, res) => {
      await team.remove(actorOf(req), params.id);
      res.status(204).end();
    }),
  );

  return router;
}

/**
 * The invitation link's page (/invite/:token): read what it offers, then join. Signed in or not (mounted
 * after the session, before requireAuth); a new login is signed in once it has joined.
 */
export function createInvitationRoutes(
  ctx: AppContext,
  limiter: (req: Request, res: Response, next: NextFunction) => void,
): Router {
  const team = createTeamService(ctx);
  const router = Router();

  router.get(
    '/invitations/:token',
    limiter,
    validate({ params: InvitationTokenParamsSchema }, async ({ params }, _req, res) => {
      res.json(await team.preview(params.token));
    }),
  );

  router.post(
    '/invitations/:token/accept',
    limiter,
    validate(
      { params: InvitationTokenParamsSchema, body: AcceptInvitationSchema },
      async ({ params, body }, req, res) => {
        const user = await team.accept(params.token, body, req.user ?? undefined);
        if (!req.user) await logIn(req, user);
        res.json({ ...toPublicUser(user), team: await team.teamOf(user) });
      },
    ),
  );

  return router;
}

/** The admin's client view: the members of a client's team. */
export function createTeamAdminRoutes(ctx: AppContext): Router {
  const team = createTeamService(ctx);
  const router = Router();
  router.get(
    '/clients/:id/members',
    validate({ params: IdParamsSchema }, async ({ params }, _req, res) => {
      res.json(await team.membersOfClient(params.id));
    }),
  );
  return router;
}
