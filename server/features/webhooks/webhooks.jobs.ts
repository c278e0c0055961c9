import type { AppContext } from '../../lib/context';
import { safeErrorMessage } from '../../lib/logger';
import { RetryLaterError, type JobHandlers } from '../../lib/queue/worker';
import { UrlRefusedError } from '../../lib/url-policy';
import { postWebhook, signatureHeader, WEBHOOK_SIGNATURE_HEADER } from './webhook-sender';
import { createWebhooksRepository, WEBHOOK_MAX_ATTEMPTS } from './webhooks.repository';

/** The wait before attempt 2, 3, ... 6: 1 min, 5 min, 30 min, 2 h, 6 h; then the delivery has failed. */
export const WEBHOOK_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000];

/**
 * Sends one delivery: the URL is checked again (its DNS may have changed since it was registered), the
 * request goes to the address just checked, signed with the endpoint's secret. A 2xx delivers it; anything
 * else (a network error, a timeout, a refused URL, a non-2xx, a redirect) waits for the next attempt.
 * Webhooks are at least once: a worker that dies after the receiver answered sends the event again, and
 * receivers tell repeats apart by the event's `id`.
 */
export function createWebhookJobHandlers(ctx: AppContext): JobHandlers {
  const repo = createWebhooksRepository(ctx.db);
  return {
    'deliver-webhook': async ({ deliveryId }, job) => {
      const delivery = await repo.findDelivery(deliveryId);
      if (!delivery || delivery.status !== 'pending') return;
      const endpoint = await repo.findDeliveryEndpoint(delivery.endpointId);
      const attempts = job.attempts;
      const fail = async (lastError: string, responseStatus: number | null) => {
        const last = attempts >= WEBHOOK_MAX_ATTEMPTS || !endpoint || endpoint.disabledAt !== null;
        const delay = WEBHOOK_RETRY_DELAYS_MS[attempts - 1] ?? WEBHOOK_RETRY_DELAYS_MS.at(-1)!;
        await repo.recordAttempt(deliveryId, {
          status: last ? 'failed' : 'pending',
          attempts,
          responseStatus,
          lastError,
          nextAttemptAt: last ? null : new Date(ctx.now().getTime() + delay),
          deliveredAt: null,
        });
        if (!last) throw new RetryLaterError(lastError, delay);
      };
      if (!endpoint || endpoint.disabledAt !== null) return fail('The endpoint was removed.', null);

      const body = JSON.stringify({
        id: `evt_${delivery.id}`,
        type: delivery.event,
        createdAt: delivery.createdAt.toISOString(),
        data: delivery.payload,
      });
      let status: number;
      try {
        const checked = await ctx.webhookUrls.check(endpoint.url);
        const secret = ctx.secretBox.decrypt(endpoint.secret);
        status = await postWebhook(checked, body, {
          [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(secret, body, ctx.now()),
          'Reviewflow-Event': delivery.event,
          'Reviewflow-Delivery': String(delivery.id),
        });
      } catch (error) {
        const message =
          error instanceof UrlRefusedError ? error.message : safeErrorMessage(error).slice(0, 500);
        return fail(message, null);
      }
      if (status >= 200 && status < 300) {
        await repo.recordAttempt(deliveryId, {
          status: 'delivered',
          attempts,
          responseStatus: status,
          lastError: null,
          nextAttemptAt: null,
          deliveredAt: ctx.now(),
        });
        return;
      }
      return fail(`The endpoint answered ${status}`, status);
    },
  };
}
