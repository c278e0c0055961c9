import type { PushMessage } from '@shared/push';
import type { AppContext } from '../../lib/context';
import { RetryLaterError, type JobHandlers } from '../../lib/queue/worker';
import { enqueueMany } from '../../lib/queue/enqueue';
import { pushServiceFor } from './push.service';

/** A push service that failed is asked again after this long, then the queue's own backoff. */
const RETRY_AFTER_MS = 60_000;

/** New reviews and customers' answers become one durable job per device, each retried on its own. */
export function createPushJobHandlers(ctx: AppContext): JobHandlers {
  const service = pushServiceFor(ctx);
  const pushToEach = async (audience: { message: PushMessage; deviceIds: number[] } | undefined) => {
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
  };
  return {
    'push-new-review': async ({ reviewId }) => pushToEach(await service.audienceOf(reviewId)),

    'push-feedback-answer': async ({ reviewId, messageId, customerName, body }) =>
      pushToEach(await service.feedbackAnswerAudienceOf({ reviewId, messageId, customerName, body })),

    async 'send-push'({ subscriptionId, message }) {
      const outcome = await service.send(subscriptionId, message);
      if (outcome.kind === 'failed') throw new RetryLaterError(outcome.reason, RETRY_AFTER_MS);
    },
  };
}
