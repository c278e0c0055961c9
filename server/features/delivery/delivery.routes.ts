import { Router, type Request, type Response } from 'express';
import type { AppContext } from '../../lib/context';
import { forbidden, notFound } from '../../lib/errors';
import { validateTwilioSignature } from '../../lib/twilio/twilio';
import { tenantOf } from '../../middleware/tenant';
import { createDeliveryEventsService } from './delivery-events.service';
import { channelModes, sendTestEmail } from './delivery.service';
import { unsubscribePages } from './unsubscribe-pages';

type FormBody = Record<string, string | string[] | undefined>;

const field = (body: FormBody, name: string): string => {
  const value = body[name];
  return typeof value === 'string' ? value : '';
};

/** Provider callbacks and unsubscribe links: no session; each request proves itself (signature, sealed token). */
export function createDeliveryPublicRoutes(ctx: AppContext): Router {
  const router = Router();
  const events = createDeliveryEventsService(ctx);
  const log = ctx.logger.child({ component: 'delivery-webhooks' });

  const verifyTwilio = (req: Request): FormBody => {
    const body = (req.body ?? {}) as FormBody;
    const token = ctx.env.TWILIO_AUTH_TOKEN;
    const url = `${ctx.env.publicBaseUrl}${req.originalUrl}`;
    if (!token || !validateTwilioSignature(token, url, body, req.get('x-twilio-signature'))) {
      log.warn({ url }, 'twilio webhook with a bad signature');
      throw forbidden('Invalid Twilio signature');
    }
    return body;
  };

  router.post('/webhooks/twilio/status', async (req, res) => {
    const body = verifyTwilio(req);
    await events.applyTwilioStatus(
      field(body, 'MessageSid') || field(body, 'SmsSid'),
      field(body, 'MessageStatus') || field(body, 'SmsStatus'),
      field(body, 'ErrorCode'),
      field(body, 'ErrorMessage'),
    );
    res.status(204).end();
  });

  router.post('/webhooks/twilio/inbound', async (req, res) => {
    const body = verifyTwilio(req);
    const keyword = await events.applyKeyword(field(body, 'From'), field(body, 'Body'));
    if (keyword) log.info(keyword, 'inbound opt-out keyword');
    res.type('text/xml').send('<?xml version="1.0" encoding="UTF-8"?><Response/>');
  });

  // Opening the link only asks: mail scanners that prefetch links must not unsubscribe anyone.
  router.get('/unsubscribe/:token', async (req, res: Response) => {
    res.setHeader('Cache-Control', 'no-store');
    const token = String(req.params.token);
    const language = await events.unsubscribeLanguage(token, req.get('accept-language'));
    if (!events.isEmailUnsubscribeLink(token)) {
      res.status(404).type('html').send(unsubscribePages.invalid(language));
      return;
    }
    res.type('html').send(unsubscribePages.ask(language));
  });

  // RFC 8058 one-click unsubscribe (mail providers POST "List-Unsubscribe=One-Click" here) and the
  // confirmation page's button, which gets a page back.
  router.post('/unsubscribe/:token', async (req, res) => {
    const token = String(req.params.token);
    if (!(await events.unsubscribeEmail(token)))
      throw notFound('This unsubscribe link is not valid', 'invalid_token');
    const fromThePage =
      field((req.body ?? {}) as FormBody, 'List-Unsubscribe') === '' &&
      req.accepts(['json', 'html']) === 'html';
    if (fromThePage) {
      res
        .type('html')
        .send(unsubscribePages.done(await events.unsubscribeLanguage(token, req.get('accept-language'))));
      return;
    }
    res.json({ message: 'You have been unsubscribed' });
  });

  return router;
}

/** The client's area: which transport each channel uses, and a test email to oneself. */
export function createDeliveryRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/channels', (_req, res) => {
    res.json(channelModes(ctx));
  });

  router.post('/email-test', async (req, res) => {
    const user = req.user!;
    const result = await sendTestEmail(ctx, {
      ownerId: tenantOf(req),
      to: user.email,
      firstName: user.firstName,
    });
    res.json(result);
  });

  return router;
}
