import type { AppContext } from '../../lib/context';
import type { ScheduledTask } from '../../lib/queue/scheduler';
import { createFileStorage, type FileStorage } from '../../lib/storage';
import { PENDING_PREFIX } from './public-review.service';

/**
 * Videos uploaded but never attached to a review (the customer closed the page) would fill the disk:
 * each older than PENDING_UPLOAD_TTL_MINUTES is deleted. Safe in several processes: deleting twice is fine.
 */
export function createPublicReviewJobs(
  ctx: AppContext,
  storage: FileStorage = createFileStorage(ctx.env),
): { tasks: ScheduledTask[] } {
  const ttlMs = ctx.env.PENDING_UPLOAD_TTL_MINUTES * 60_000;
  return {
    tasks: [
      {
        name: 'expire-pending-uploads',
        everyMs: Math.min(ttlMs, 10 * 60_000),
        run: async (now) => {
          const removed = await storage.sweep(PENDING_PREFIX, new Date(now.getTime() - ttlMs));
          if (removed > 0) ctx.logger.info({ removed }, 'expired pending video uploads');
        },
      },
    ],
  };
}
