import { createDeliveryJobHandlers } from './features/delivery/delivery.jobs';
import { createIntegrationsJobs } from './features/integrations/integrations.jobs';
import { createNotificationJobs } from './features/notifications/notifications.jobs';
import { createPublicReviewJobs } from './features/public-review/public-review.jobs';
import type { AppContext } from './lib/context';
import { pruneRateLimits } from './lib/rate-limit';
import type { ScheduledTask } from './lib/queue/scheduler';
import type { JobHandlers } from './lib/queue/worker';

/** Every queue's handler and every recurring task of the product, for the worker and the scheduler. */
export function createBackgroundWork(ctx: AppContext): { handlers: JobHandlers; tasks: ScheduledTask[] } {
  const integrations = createIntegrationsJobs(ctx);
  const notifications = createNotificationJobs(ctx);
  const publicReview = createPublicReviewJobs(ctx);
  return {
    handlers: {
      ...createDeliveryJobHandlers(ctx),
      ...integrations.handlers,
      ...notifications.handlers,
    },
    tasks: [
      ...integrations.tasks,
      ...notifications.tasks,
      ...publicReview.tasks,
      {
        name: 'prune-rate-limits',
        everyMs: 60 * 60 * 1000,
        run: async (now) => {
          await pruneRateLimits(ctx.db, now);
        },
      },
    ],
  };
}
