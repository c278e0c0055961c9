import type { AppContext } from '../../lib/context';
import type { Job, JobHandlers } from '../../lib/queue/worker';
import { createDeliveryRepository } from './delivery.repository';
import { createDeliveryHandler, createReminderHandler } from './delivery.service';

type RequestJob<P extends { reviewRequestId: number }> = (
  payload: P,
  job: Pick<Job, 'id' | 'attempts' | 'isLastAttempt'>,
) => Promise<void>;

/** The queue handlers this feature runs (server/index.ts hands them to the worker). */
export function createDeliveryJobHandlers(ctx: AppContext): JobHandlers {
  const requests = createDeliveryRepository(ctx.db, ctx.events);

  /**
   * A request whose account was deleted while its job ran (its rows cascaded between the job reading them
   * and recording the send) leaves nothing to record and nothing to retry: the job ends quietly rather than
   * failing on the rows that are gone and trying again. A job that starts after the deletion reads the
   * request afresh, finds none and sends nothing: no attempt sends to an address read before the deletion.
   */
  const endsWithItsRequest =
    <P extends { reviewRequestId: number }>(handler: RequestJob<P>): RequestJob<P> =>
    async (payload, job) => {
      try {
        await handler(payload, job);
      } catch (error) {
        if (await requests.loadForDelivery(payload.reviewRequestId)) throw error;
        ctx.logger.info(
          { job: job.id, reviewRequest: payload.reviewRequestId },
          'review request deleted while its job ran: nothing recorded, not retried',
        );
      }
    };

  return {
    'deliver-review-request': endsWithItsRequest(createDeliveryHandler(ctx)),
    'send-request-reminder': endsWithItsRequest(createReminderHandler(ctx)),
  };
}
