import { Router } from 'express';
import type { Database } from '../../db/client';
import { pingDatabase } from '../../db/ping';

interface HealthOptions {
  db: Database;
  version: string;
  queueRunning?: () => boolean;
}

async function stateOf({ db, queueRunning }: HealthOptions) {
  const database = await pingDatabase(db);
  return {
    status: database === 'up' ? ('ok' as const) : ('degraded' as const),
    database,
    queue: queueRunning === undefined ? 'not started' : queueRunning() ? 'running' : 'stopped',
  };
}

/**
 * GET /api/health for load balancers and monitors: the state only, to anyone. What version runs and for
 * how long helps an attacker pick an exploit, so it is for admins (GET /api/admin/health).
 */
export function createHealthRoutes(options: HealthOptions): { open: Router; admin: Router } {
  const open = Router();
  open.get('/health', async (_req, res) => {
    const state = await stateOf(options);
    res.status(state.database === 'up' ? 200 : 503).json(state);
  });

  const admin = Router();
  admin.get('/health', async (_req, res) => {
    const state = await stateOf(options);
    res.status(state.database === 'up' ? 200 : 503).json({
      ...state,
      version: options.version,
      uptimeSeconds: Math.round(process.uptime()),
    });
  });
  return { open, admin };
}
