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
 * included: who, what, when, which client. Written after the answer, so it costs the admin nothing.
 */
export function auditAdminAccess(db: Database, logger: Logger): RequestHandler {
  return (req, res, next) => {
    res.on('finish', () => {
      if (res.statusCode >= 400 || !req.user) return;
      audit(db, {
        actorId: req.user.id,
        action: `${req.method} ${req.baseUrl}${req.path}`.replace(/\/+$/, ''),
        targetClientId: req.tenantId,
      }).catch((err: unknown) => logger.error({ err }, 'audit entry not written'));
    });
    next();
  };
}
