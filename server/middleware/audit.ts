import type { RequestHandler } from 'express';
import type { Database } from '../db/client';
import { auditLog } from '../db/schema';
import type { Logger } from '../lib/logger';

/** Writes one audit entry. */
export async function audit(
  db: Database,
  entry: {
    actorId: number;
    action: string;
    targetClientId?: number | null;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetClientId: entry.targetClientId ?? null,
    details: entry.details ?? {},
  });
}

/**
 * Records every successful call an admin makes inside a client's area (the mirrored routes), reads
 * included: who, what, when, which client, and whether the answer went out whole. Written once the
 * response closes, so it costs the admin nothing: when it finished, and also when the admin's side went
 * away first (a download of the client's data cut short still took some of it), which 'finish' never sees.
 */
export function auditAdminAccess(db: Database, logger: Logger): RequestHandler {
  return (req, res, next) => {
    // Named on the way in, as this middleware sees the path: when a download is cut short, the response closes
    // while the request is still deep in the routers.
    const action = `${req.method} ${req.baseUrl}${req.path}`.replace(/\/+$/, '');
    res.on('close', () => {
      if (res.statusCode >= 400 || !req.user) return;
      audit(db, {
        actorId: req.user.id,
        action,
        targetClientId: req.tenantId,
        details: { completed: res.writableFinished },
      }).catch((err: unknown) => logger.error({ err }, 'audit entry not written'));
    });
    next();
  };
}
