import { Router, type Request, type Response } from 'express';
import type { AppContext } from '../../lib/context';
import { forbidden, notFound } from '../../lib/errors';
import { simplePage } from '../../lib/simple-page';
import { validateTwilioSignature } from '../../lib/twilio/twilio';
import { tenantOf } from '../../middleware/tenant';
import { createDeliveryRepository } from './delivery.repository';
import { channelModes, sendTestEmail } from './delivery.service';
import { readUnsubscribeToken } from './unsubscribe-token';

const OPT_OUT_WORDS = new Set([
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'OPTOUT',
  'REVOKE',
]);
const OPT_IN_WORDS = new Set(['START', 'UNSTOP', 'YES']);
const FAILED_STATUSES = new Set(['failed', 'undelivered']);

type FormBody = Record<string, string | string[] | undefined>;

const field = (body: FormBody, name: string): string => {
  const value = body[name];
  return typeof value === 'string' ? value : '';
};

/** Provider callbacks and unsubscribe links: no session; each request proves itself (signature, sealed token). */
export function createDeliveryPublicRoutes(ctx: AppContext): Router {
  const router = Router();
  const repo = createDeliveryRepository(ctx.db);
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
    const sid = field(body, 'MessageSid') || field(body, 'SmsSid');
    const status = field(body, 'MessageStatus') || field(body, 'SmsStatus');
    if (sid) {
      if (status === 'delivered' || status === 'read') {
        await repo.applyProviderStatus(sid, { kind: 'delivered' });
      } else if (FAILED_STATUSES.has(status)) {
        const code = field(body, 'ErrorCode');
        const message = field(body, 'ErrorMessage');
        const reason = [message || `Message ${status}`, code ? `(Twilio error ${code})` : '']
          .filter(Boolean)
          .join(' ');
        await repo.applyProviderStatus(sid, { kind: 'failed', reason });
      }
    }
    res.status(204).end();
  });

  router.post('/webhooks/twilio/inbound', async (req, res) => {
    const body = verifyTwilio(req);
    const from = field(body, 'From');
    const word = field(body, 'Body').trim().toUpperCase().replace(/\s+/g, '');
    const channel = from.startsWith('whatsapp:') ? 'whatsapp' : 'sms';
    const phone = from.replace(/^whatsapp:/, '');
    if (phone && (OPT_OUT_WORDS.has(word) || OPT_IN_WORDS.has(word))) {
      const optedOut = OPT_OUT_WORDS.has(word);
      const count = await repo.setPhoneOptOut(phone, channel, optedOut);
      log.info({ channel, optedOut, contacts: count }, 'inbound opt-out keyword');
    }
    res.type('text/xml').send('<?xml version="1.0" encoding="UTF-8"?><Response/>');
  });

  // Opening the link only asks: mail scanners that prefetch links must not unsubscribe anyone.
  router.get('/unsubscribe/:token', (req, res: Response) => {
    const found = readUnsubscribeToken(ctx.secretBox, String(req.params.token));
    res.setHeader('Cache-Control', 'no-store');
    if (!found || found.channel !== 'email') {
      res
        .status(404)
        .type('html')
        .send(simplePage('Link not valid', 'This unsubscribe link is not valid. Nothing was changed.'));
      return;
    }
    res
      .type('html')
      .send(
        simplePage(
          'Unsubscribe from review requests?',
          'You will no longer receive review requests by email from this business.',
          '<form method="post"><button type="submit">Unsubscribe</button></form>',
        ),
      );
  });

  // RFC 8058 one-click unsubscribe (mail providers POST "List-Unsubscribe=One-Click" here) and the
  // confirmation page's button, which gets a page back.
  router.post('/unsubscribe/:token', async (req, res) => {
    const found = readUnsubscribeToken(ctx.secretBox, String(req.params.token));
    const done = found && found.channel === 'email' && (await repo.optOutEmail(found.contactId));
    if (!done) throw notFound('This unsubscribe link is not valid', 'invalid_token');
    const fromThePage =
      field((req.body ?? {}) as FormBody, 'List-Unsubscribe') === '' &&
      req.accepts(['json', 'html']) === 'html';
    if (fromThePage) {
      res
        .type('html')
        .send(
          simplePage(
            'You have been unsubscribed',
            'You will no longer receive review requests by email from this business.',
          ),
        );
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
