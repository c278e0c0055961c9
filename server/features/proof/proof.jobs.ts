import type { AppContext } from '../../lib/context';
import type { ScheduledTask } from '../../lib/queue/scheduler';
import { proofServiceFor } from './proof.service';

const HOUR = 60 * 60 * 1000;

/**
 * Each enabled proof page is published once a UTC day: the head of its log and the figures counted up to it.
 * The task runs every hour and publishes only the pages not yet published that day, so a missed hour (a
 * restart, a deploy) is made up at the next.
 */
export function createProofJobs(ctx: AppContext): { tasks: ScheduledTask[] } {
  const service = proofServiceFor(ctx);
  return {
    tasks: [
      {
        name: 'publish-proof-pages',
        everyMs: HOUR,
        run: async (now) => {
          await service.publishDue(now);
        },
      },
    ],
  };
}
