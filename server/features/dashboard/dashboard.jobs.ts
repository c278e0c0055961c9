import type { AppContext } from '../../lib/context';
import type { ScheduledTask } from '../../lib/queue/scheduler';
import { createDashboardRepository } from './dashboard.repository';

/**
 * The hourly review figures are kept for the hours a dashboard window can read (review_hourly_horizon, in
 * server/db/sql/review-figures.sql); each day the hours that fell past it go.
 */
export function createDashboardTasks(ctx: AppContext): ScheduledTask[] {
  const repository = createDashboardRepository(ctx.db);
  return [
    {
      name: 'prune-hourly-review-figures',
      everyMs: 24 * 60 * 60 * 1000,
      run: (now) => repository.pruneHourlyFigures(now),
    },
  ];
}
