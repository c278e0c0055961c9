import type { Logger } from '../logger';

/**
 * Work that recurs (queue the due syncs, the weekly digests, prune old rows). Every server process runs
 * every task on its own timer, so a task must be safe to run in several processes at once: it only
 * queues durable jobs under dedupe keys, or runs idempotent statements.
 */
export interface ScheduledTask {
  name: string;
  everyMs: number;
  run(now: Date): Promise<void>;
}

export interface Scheduler {
  start(): void;
  stop(): Promise<void>;
  /** Runs every task once for `now`, failing when one fails (tests drive the schedule with their own clock). */
  runAll(now?: Date): Promise<void>;
}

export function createScheduler(options: {
  tasks: ScheduledTask[];
  logger: Logger;
  now?: () => Date;
}): Scheduler {
  const { tasks, now = () => new Date() } = options;
  const logger = options.logger.child({ component: 'scheduler' });
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();

  async function runTask(task: ScheduledTask, at: Date): Promise<void> {
    try {
      await task.run(at);
    } catch (error) {
      logger.error({ err: error, task: task.name }, 'scheduled task failed');
    }
  }

  function tick(task: ScheduledTask): void {
    const run = runTask(task, now()).finally(() => running.delete(run));
    running.add(run);
  }

  return {
    start() {
      for (const task of tasks) {
        tick(task);
        timers.push(setInterval(() => tick(task), task.everyMs).unref());
      }
    },
    async stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
      await Promise.allSettled([...running]);
    },
    async runAll(at = now()) {
      for (const task of tasks) await task.run(at);
    },
  };
}
