import type { z } from 'zod';
import type {
  EmailTestSchema,
  EmailTestResult,
  MailStatus,
  SystemEmailTemplate,
} from '@shared/schemas/admin';
import { DEFAULT_TEMPLATES } from '@shared/templates';
import type { AppContext } from '../../lib/context';
import { sendEmail } from '../delivery';
import { composeEmail } from '../templates';
import { createAdminAuditRepository } from './admin-audit.repository';

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

/** The admin's Email Testing screen: is the transport up, and a sample system email sent and audited. */
export function createAdminMailService(ctx: AppContext) {
  const audit = createAdminAuditRepository(ctx.db);
  return {
    async status(): Promise<MailStatus> {
      const transport = ctx.mailer.mode;
      const check = await ctx.mailer.verify();
      // In outbox mode nothing is sent, so nothing can fail: the outbox itself is the working transport.
      return transport === 'outbox'
        ? { transport, ok: true }
        : { transport, ok: check.ok, ...(check.error ? { error: check.error } : {}) };
    },

    async sendTest(actorId: number, input: z.output<typeof EmailTestSchema>): Promise<EmailTestResult> {
      const email = renderSystemEmail(input.template, ctx.env.publicBaseUrl);
      const result = await sendEmail(ctx, {
        ownerId: null,
        to: input.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
      });
      await audit.insertAudit(ctx.db, {
        actorId,
        action: 'email.test',
        details: { to: input.to, template: input.template, status: result.status },
      });
      return {
        status: result.status,
        transport: result.transport,
        messageId: result.messageId ?? null,
        error: result.error ?? null,
      };
    },
  };
}
