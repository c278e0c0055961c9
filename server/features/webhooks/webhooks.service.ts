import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_DELIVERIES_LIMIT,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_MESSAGES,
  type CreateWebhookEndpointInput,
  type CreatedWebhookEndpoint,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@shared/schemas/api-access';
import type { AppContext } from '../../lib/context';
import type { SecretBox } from '../../lib/crypto';
import { AppError, conflict, notFound } from '../../lib/errors';
import { UrlRefusedError, type UrlPolicy } from '../../lib/url-policy';
import {
  createWebhooksRepository,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  type WebhooksRepository,
} from './webhooks.repository';

/** `whsec_` and 32 random bytes, the form receivers know from Stripe. */
const newSigningSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

const toEndpoint = (row: WebhookEndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: row.events,
  createdAt: row.createdAt.toISOString(),
  disabledAt: row.disabledAt?.toISOString() ?? null,
});

export const toDelivery = (row: WebhookDeliveryRow): WebhookDelivery => ({
  id: row.id,
  event: row.event,
  status: row.status,
  attempts: row.attempts,
  nextAttemptAt: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
  responseStatus: row.responseStatus,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
});

/** A URL the policy refuses is the owner's input to fix: 400 with the reason, on the url field. */
export async function checkWebhookUrl(policy: UrlPolicy, url: string) {
  try {
    return await policy.check(url);
  } catch (error) {
    if (error instanceof UrlRefusedError)
      throw new AppError(400, error.message, { url: [error.message] }, 'url_not_allowed');
    throw error;
  }
}

export function createWebhooksService(deps: {
  repo: WebhooksRepository;
  secretBox: SecretBox;
  urls: UrlPolicy;
}) {
  const { repo, secretBox, urls } = deps;

  async function requireEndpoint(ownerId: number, id: number) {
    const endpoint = await repo.findEndpoint(ownerId, id);
    if (!endpoint) throw notFound(WEBHOOK_MESSAGES.notFound);
    return endpoint;
  }

  return {
    async list(ownerId: number): Promise<WebhookEndpoint[]> {
      return (await repo.listEndpoints(ownerId)).map(toEndpoint);
    },

    /** The signing secret is in this answer only; the database keeps it encrypted. */
    async create(ownerId: number, input: CreateWebhookEndpointInput): Promise<CreatedWebhookEndpoint> {
      const checked = await checkWebhookUrl(urls, input.url);
      if ((await repo.listEndpoints(ownerId)).length >= WEBHOOK_ENDPOINTS_MAX)
        throw conflict(WEBHOOK_MESSAGES.tooMany);
      const secret = newSigningSecret();
      const row = await repo.insertEndpoint(
        ownerId,
        checked.url.href,
        input.events,
        secretBox.encrypt(secret),
      );
      return { ...toEndpoint(row), secret };
    },

    async remove(ownerId: number, id: number): Promise<void> {
      if (!(await repo.disableEndpoint(ownerId, id))) throw notFound(WEBHOOK_MESSAGES.notFound);
    },

    async deliveries(ownerId: number, id: number): Promise<WebhookDelivery[]> {
      await requireEndpoint(ownerId, id);
      return (await repo.listDeliveries(ownerId, id, WEBHOOK_DELIVERIES_LIMIT)).map(toDelivery);
    },

    /** "Send test event": a `webhook.test` delivery, queued like any other and shown in the log. */
    async sendTest(ownerId: number, id: number): Promise<WebhookDelivery> {
      await requireEndpoint(ownerId, id);
      const deliveryId = await repo.queueTestDelivery(ownerId, id, {
        message: 'A test event from ReviewFlow. Your endpoint is set up.',
      });
      return toDelivery((await repo.findDelivery(deliveryId))!);
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;

export function webhooksServiceFor(ctx: AppContext): WebhooksService {
  return createWebhooksService({
    repo: createWebhooksRepository(ctx.db),
    secretBox: ctx.secretBox,
    urls: ctx.webhookUrls,
  });
}
