import { sql } from 'drizzle-orm';
import { Router } from 'express';
import type { Database } from '../../db/client';

export function createHealthRoutes(db: Database, version: string, queueRunning?: () => boolean): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    const database = await db.execute(sql`select 1`).then(
      () => 'up' as const,
      () => 'down' as const,
    );
    res.status(database === 'up' ? 200 : 503).json({
      status: database === 'up' ? 'ok' : 'degraded',
      database,
      queue: queueRunning === undefined ? 'not started' : queueRunning() ? 'running' : 'stopped',
      version,
      uptimeSeconds: Math.round(process.uptime()),
    });
  });
  return router;
}
