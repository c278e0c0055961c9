import type { AppContext } from '../../lib/context';
import type { JobHandlers } from '../../lib/queue/worker';
import { createDeliveryHandler, createReminderHandler } from './delivery.service';

/** The queue handlers this feature runs (server/index.ts hands them to the worker). */
export function createDeliveryJobHandlers(ctx: AppContext): JobHandlers {
  return {
    'deliver-review-request': createDeliveryHandler(ctx),
    'send-request-reminder': createReminderHandler(ctx),
  };
}
