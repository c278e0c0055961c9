import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { DebugInfo, SystemCheck, SystemTestResult } from '@shared/schemas/admin';
import { CHANNELS, type Channel } from '@shared/schemas/domain';
import { DEFAULT_TEMPLATES } from '@shared/templates';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { notFound } from '../../lib/errors';
import { projectRoot } from '../../paths';
import type { AppContext } from '../../lib/context';
import { createSupportRepository, type SupportRepository } from './support.repository';

const LOCATIONS_FIX = '/settings?tab=locations';
const INTEGRATIONS_FIX = '/settings?tab=integrations';
const TEMPLATES_FIX = '/templates';

const CHANNEL_LABELS: Record<Channel, string> = { email: 'Email', sms: 'SMS', whatsapp: 'WhatsApp' };

/** Whether a channel's provider is configured (live) or messages go to the outbox (PRODUCT.md section 6). */
export function providerModes(env: Env): Record<Channel, { live: boolean; provider: string }> {
  const twilio = Boolean(env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN);
  return {
    email: { live: Boolean(env.SMTP_URL), provider: 'SMTP' },
    sms: { live: twilio && Boolean(env.TWILIO_FROM), provider: 'Twilio' },
    whatsapp: { live: twilio && Boolean(env.TWILIO_WHATSAPP_FROM), provider: 'Twilio WhatsApp' },
  };
}

function readVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? 'dev';
  } catch {
    return 'dev';
  }
}

function databaseKind(db: Database): 'pglite' | 'postgres' {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof PGlite ? 'pglite' : 'postgres';
}

export interface SessionFacts {
  id: string | undefined;
  signedInAt: number | undefined;
  expires: Date | null | undefined;
}

export function createSupportService(repo: SupportRepository, deps: { env: Env; db: Database }) {
  const version = readVersion();
  const database = databaseKind(deps.db);

  return {
    /** The client's setup, checked as a support person would: what is missing and where to fix it. */
    async systemTest(ownerId: number): Promise<SystemTestResult> {
      const [locations, templates] = await Promise.all([
        repo.locationsOf(ownerId),
        repo.templatesOf(ownerId),
      ]);
      const checks: SystemCheck[] = [];

      checks.push(
        locations.length > 0
          ? {
              id: 'locations',
              label: 'Locations',
              status: 'ok',
              detail: `${locations.length} location${locations.length === 1 ? '' : 's'} set up.`,
              fixPath: LOCATIONS_FIX,
            }
          : {
              id: 'locations',
              label: 'Locations',
              status: 'error',
              detail: 'No location yet: review requests and QR codes need one. Add your first location.',
              fixPath: LOCATIONS_FIX,
            },
      );

      for (const location of locations) {
        checks.push({
          id: `location-${location.id}-google-link`,
          label: `${location.name}: Google review link`,
          status: location.hasGoogleLink ? 'ok' : 'warning',
          detail: location.hasGoogleLink
            ? 'Customers are offered your Google review page.'
            : 'No Google review link: customers cannot be offered your Google page after they review.',
          fixPath: LOCATIONS_FIX,
        });
        checks.push({
          id: `location-${location.id}-facebook-link`,
          label: `${location.name}: Facebook review link`,
          status: location.hasFacebookLink ? 'ok' : 'warning',
          detail: location.hasFacebookLink
            ? 'Customers are offered your Facebook page.'
            : 'No Facebook page link: customers cannot be offered your Facebook page after they review.',
          fixPath: LOCATIONS_FIX,
        });
        checks.push({
          id: `location-${location.id}-google-connection`,
          label: `${location.name}: Google Business Profile`,
          status: location.googleConnected ? 'ok' : 'warning',
          detail: location.googleConnected
            ? 'Connected: Google reviews can be imported and answered.'
            : 'Not connected: Google reviews are not imported.',
          fixPath: INTEGRATIONS_FIX,
        });
      }

      for (const channel of CHANNELS) {
        const own = templates.find((t) => t.channel === channel);
        checks.push({
          id: `template-${channel}`,
          label: `${CHANNEL_LABELS[channel]} template`,
          status: 'ok',
          detail: own
            ? `Using your template "${own.name}".`
            : `Using the built-in template "${DEFAULT_TEMPLATES[channel].name}".`,
          fixPath: TEMPLATES_FIX,
        });
      }

      const modes = providerModes(deps.env);
      for (const channel of CHANNELS) {
        const mode = modes[channel];
        checks.push({
          id: `provider-${channel}`,
          label: `${CHANNEL_LABELS[channel]} delivery`,
          status: mode.live ? 'ok' : 'warning',
          detail: mode.live
            ? `Live: messages are sent through ${mode.provider}.`
            : `Outbox mode: ${mode.provider} is not configured on the server, so messages are kept in the outbox instead of being sent. Contact support to enable it.`,
          fixPath: null,
        });
      }

      return { checkedAt: new Date().toISOString(), checks };
    },

    /**
     * What support needs to help: who, which session (only a hash prefix of its id), which server. Never a
     * secret, a token, a hash or the session id itself.
     */
    async debug(ownerId: number, session: SessionFacts): Promise<DebugInfo> {
      const [user, databaseUp] = await Promise.all([repo.findUser(ownerId), repo.databaseUp()]);
      if (!user) throw notFound('User not found');
      return {
        user: { ...user, createdAt: user.createdAt.toISOString() },
        session: {
          idHashPrefix: session.id
            ? createHash('sha256').update(session.id).digest('hex').slice(0, 12)
            : null,
          signedInAt: session.signedInAt ? new Date(session.signedInAt).toISOString() : null,
          expiresAt: session.expires ? new Date(session.expires).toISOString() : null,
        },
        server: {
          version,
          uptimeSeconds: Math.round(process.uptime()),
          database,
          node: process.version,
        },
        health: { database: databaseUp ? 'up' : 'down', time: new Date().toISOString() },
      };
    },
  };
}

/** The service over the app's database, as its routes use it (routes never build a repository). */
export function supportServiceFor(ctx: Pick<AppContext, 'db' | 'env'>) {
  return createSupportService(createSupportRepository(ctx.db), { env: ctx.env, db: ctx.db });
}
