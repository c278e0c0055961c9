import { Router, type Request, type Response } from 'express';
import { IdParamsSchema } from '@shared/schemas/domain';
import { NotificationListQuerySchema, NotificationSettingsSchema } from '@shared/schemas/notifications';
import type { AppContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { simplePage } from '../../lib/simple-page';
import { validate } from '../../middleware/validate';
import { locationsOf, tenantOf } from '../../middleware/tenant';
import { readAlertUnsubscribeToken, type AlertKind } from './alert-token';
import {
  alertUnsubscribeServiceFor,
  notificationsServiceFor,
  type BellReader,
} from './notifications.service';

/** The bell as the signed-in person sees it: their read state, their locations (an admin reads as itself). */
const readerOf = (req: Request): BellReader => ({
  ownerId: tenantOf(req),
  userId: req.user!.id,
  locationIds: locationsOf(req),
});

/** The bell and the email alert settings of the client's area (mirrored for an admin inside it). */
export function createNotificationsRoutes(ctx: AppContext): Router {
  const service = notificationsServiceFor(ctx);
  const router = Router();

  router.get(
    '/notifications',
    validate({ query: NotificationListQuerySchema }, async ({ query }, req, res) => {
      const { notifications, total } = await service.list(readerOf(req), query);
      res.setHeader('X-Total-Count', String(total));
      res.json(notifications);
    }),
  );

  router.get(
    '/notifications/unread-count',
    validate({}, async (_input, req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      res.json(await service.unreadCount(readerOf(req)));
    }),
  );

  router.post(
    '/notifications/read-all',
    validate({}, async (_input, req, res) => {
      res.json(await service.markAllRead(readerOf(req)));
    }),
  );

  router.post(
    '/notifications/:id/read',
    validate({ params: IdParamsSchema }, async ({ params }, req, res) => {
      res.json(await service.markRead(readerOf(req), params.id));
    }),
  );

  // The client's alert emails go to the client's account: the tenant is the user whose settings these are.
  router.get(
    '/notification-settings',
    validate({}, async (_input, req, res) => {
      res.json(await service.settings(tenantOf(req)));
    }),
  );

  router.put(
    '/notification-settings',
    validate({ body: NotificationSettingsSchema }, async ({ body }, req, res) => {
      res.json(await service.saveSettings(tenantOf(req), body));
    }),
  );

  return router;
}

const WHAT: Record<AlertKind, { title: string; done: string }> = {
  instant: {
    title: 'Turn off new-review alerts?',
    done: 'You will no longer get an email for each new low-rated review. You can turn them on again in Settings › Notifications.',
  },
  digest: {
    title: 'Turn off the weekly summary?',
    done: 'You will no longer get the Monday summary. You can turn it on again in Settings › Notifications.',
  },
};

/** The unsubscribe links of alert emails: no session; the sealed token names the user and the email. */
export function createNotificationsPublicRoutes(ctx: AppContext): Router {
  const unsubscribe = alertUnsubscribeServiceFor(ctx);
  const router = Router();

  const invalid = (res: Response) =>
    res
      .status(404)
      .type('html')
      .send(simplePage('Link not valid', 'This link is not valid. Nothing was changed.'));

  // Opening the link only asks: mail scanners that prefetch links must not change anything.
  router.get('/notifications/unsubscribe/:token', (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const found = readAlertUnsubscribeToken(ctx.secretBox, String(req.params.token));
    if (!found) return invalid(res);
    res
      .type('html')
      .send(
        simplePage(
          WHAT[found.kind].title,
          'ReviewFlow will stop sending these emails to this account.',
          '<form method="post"><button type="submit">Turn off</button></form>',
        ),
      );
  });

  // The page's button, and RFC 8058 one-click unsubscribe from mail providers.
  router.post('/notifications/unsubscribe/:token', async (req, res) => {
    const found = readAlertUnsubscribeToken(ctx.secretBox, String(req.params.token));
    if (!found || !(await unsubscribe.turnOff(found.userId, found.kind)))
      throw notFound('This link is not valid', 'invalid_token');
    if (req.accepts(['json', 'html']) === 'html') {
      res.type('html').send(simplePage('Done', WHAT[found.kind].done));
      return;
    }
    res.json({ message: WHAT[found.kind].done });
  });

  return router;
}
