import type { AppContext } from '../../lib/context';
import { RetryLaterError, type JobHandlers } from '../../lib/queue/worker';
import { enqueueMany } from '../../lib/queue/enqueue';
import { pushServiceFor } from './push.service';

/** A push service that failed is asked again after this long, then the queue's own backoff. */
const RETRY_AFTER_MS = 60_000;

/** New reviews become one durable job per device, each retried on its own. */
export function createPushJobHandlers(ctx: AppContext): JobHandlers {
  const service = pushServiceFor(ctx);
  return {
    async 'push-new-review'({ reviewId }) {
      const audience = await service.audienceOf(reviewId);
      if (!audience) return;
      await enqueueMany(
        ctx.db,
        'send-push',
        audience.deviceIds.map((subscriptionId) => ({
          payload: { subscriptionId, message: audience.message },
          dedupeKey: `push:${audience.message.tag}:${subscriptionId}`,
          maxAttempts: 5,
        })),
      );
    },

    async 'send-push'({ subscriptionId, message }) {
      const outcome = await service.send(subscriptionId, message);
      if (outcome.kind === 'failed') throw new RetryLaterError(outcome.reason, RETRY_AFTER_MS);
    },
  };
}
