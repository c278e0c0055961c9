import type { AppContext } from '../../lib/context';
import type { ScheduledTask } from '../../lib/queue/scheduler';
import type { JobHandlers } from '../../lib/queue/worker';
import { syncServiceFor } from './sync.service';

/** The review sync (issue 10): the job that imports, and the task that queues the runs that are due. */
export function createIntegrationsJobs(ctx: AppContext): { handlers: JobHandlers; tasks: ScheduledTask[] } {
  const sync = syncServiceFor(ctx);
  return {
    handlers: { 'sync-reviews': (payload, job) => sync.run(payload, job) },
    tasks: [
      {
        name: 'schedule-review-syncs',
        everyMs: 60_000,
        run: async (now) => {
          await sync.scheduleDue(now);
        },
      },
    ],
  };
}
