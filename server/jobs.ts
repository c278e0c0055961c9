import { createDashboardTasks } from './features/dashboard';
import { createDeliveryJobHandlers, sendEmail } from './features/delivery';
import { createFeedbackJobHandlers } from './features/feedback-cases';
import { publicApiServiceFor } from './features/api-access';
import { createWebhookJobHandlers } from './features/webhooks';
import { createIntegrationsJobs, replyPublisherFor } from './features/integrations';
import { createNotificationJobs } from './features/notifications';
import { createProofJobs } from './features/proof';
import { createPublicReviewJobs } from './features/public-review';
import { createPushJobHandlers } from './features/push';
import { createReplyJobHandlers, createReplyLinkTasks } from './features/replies';
import { createSettingsJobHandlers } from './features/settings';
import type { AppContext } from './lib/context';
import { pruneFinishedJobs } from './lib/queue/prune';
import { pruneRateLimits } from './lib/rate-limit';
import type { ScheduledTask } from './lib/queue/scheduler';
import type { JobHandlers } from './lib/queue/worker';

/** Every queue's handler and every recurring task of the product, for the worker and the scheduler. */
export function createBackgroundWork(ctx: AppContext): { handlers: JobHandlers; tasks: ScheduledTask[] } {
  const integrations = createIntegrationsJobs(ctx);
  const notifications = createNotificationJobs(ctx, sendEmail);
  const publicReview = createPublicReviewJobs(ctx);
  const publicApi = publicApiServiceFor(ctx);
  return {
    handlers: {
      ...createDeliveryJobHandlers(ctx),
      ...integrations.handlers,
      ...notifications.handlers,
      ...createWebhookJobHandlers(ctx),
      ...createReplyJobHandlers(ctx, replyPublisherFor(ctx)),
      ...createSettingsJobHandlers(ctx),
      ...createPushJobHandlers(ctx),
      ...createFeedbackJobHandlers(ctx),
    },
    tasks: [
      ...integrations.tasks,
      ...notifications.tasks,
      ...publicReview.tasks,
      ...createProofJobs(ctx).tasks,
      ...createReplyLinkTasks(ctx),
      ...createDashboardTasks(ctx),
      {
        // Idempotency-Keys are honoured for a day (as Stripe's are); older answers are forgotten.
        name: 'prune-idempotency-keys',
        everyMs: 60 * 60 * 1000,
        run: async (now) => {
          await publicApi.pruneIdempotencyKeys(now);
        },
      },
      {
        name: 'prune-finished-jobs',
        everyMs: 24 * 60 * 60 * 1000,
        run: async (now) => {
          await pruneFinishedJobs(ctx.db, now);
        },
      },
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
