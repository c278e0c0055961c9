import { Router, type Request } from 'express';
import {
  EmailTestSchema,
  type EmailTestResult,
  type MailStatus,
  type SystemEmailTemplate,
} from '@shared/schemas/admin';
import { DEFAULT_TEMPLATES } from '@shared/templates';
import type { AppContext } from '../../lib/context';
import { validate } from '../../middleware/validate';
import { composeEmail } from '../delivery/compose';
import { sendEmail } from '../delivery/delivery.service';
import type { AdminRepository } from './admin.repository';

interface SystemEmail {
  subject: string;
  text: string;
  html?: string;
}

const SAMPLE = { name: 'Alex Sample', business: 'Sample Coffee Co.' };

/** The system emails an admin can send to check the transport, rendered with sample values. */
export function renderSystemEmail(template: SystemEmailTemplate, publicBaseUrl: string): SystemEmail {
  switch (template) {
    case 'review-request':
      return composeEmail(DEFAULT_TEMPLATES.email, { ...SAMPLE, link: `${publicBaseUrl}/review/sample` });
    case 'welcome':
      return {
        subject: 'Welcome to ReviewFlow',
        text:
          `Hi ${SAMPLE.name},\n\nWelcome to ReviewFlow! Your account for ${SAMPLE.business} is ready.\n\n` +
          `Sign in to add your first location and send your first review request:\n${publicBaseUrl}/auth\n\n` +
          'The ReviewFlow team',
      };
    case 'plain-test':
      return {
        subject: 'ReviewFlow test email',
        text:
          'This is a test email sent from the ReviewFlow admin Email Testing screen.\n\n' +
          `Sent at ${new Date().toISOString()}. If you can read this, email delivery works.`,
      };
  }
}

/** POST /email-test, GET /mail-status (under /api/admin). */
export function createAdminMailRoutes(ctx: AppContext, repo: AdminRepository): Router {
  const router = Router();
  const actorId = (req: Request) => req.user!.id;

  router.get('/mail-status', async (_req, res) => {
    const transport = ctx.mailer.mode;
    const check = await ctx.mailer.verify();
    // In outbox mode nothing is sent, so nothing can fail: the outbox itself is the working transport.
    const status: MailStatus =
      transport === 'outbox'
        ? { transport, ok: true }
        : { transport, ok: check.ok, ...(check.error ? { error: check.error } : {}) };
    res.json(status);
  });

  router.post(
    '/email-test',
    validate({ body: EmailTestSchema }, async ({ body }, req, res) => {
      const email = renderSystemEmail(body.template, ctx.env.publicBaseUrl);
      const result = await sendEmail(ctx, {
        ownerId: null,
        to: body.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
      });
      await repo.insertAudit(ctx.db, {
        actorId: actorId(req),
        action: 'email.test',
        details: { to: body.to, template: body.template, status: result.status },
      });
      const answer: EmailTestResult = {
        status: result.status,
        transport: result.transport,
        messageId: result.messageId ?? null,
        error: result.error ?? null,
      };
      res.json(answer);
    }),
  );

  return router;
}
