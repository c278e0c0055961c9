import type { RequestHandler } from 'express';
import type { Database } from '../db/client';
import type { EventBus } from '../lib/events';
import type { Logger } from '../lib/logger';

/**
 * Records every successful call an admin makes inside a client's area (the mirrored routes), reads
 * included: who, what, when, which client, and whether the answer went out whole. Said once the response
 * closes, as an `audited` event the audit log keeps, so it costs the admin nothing: when it finished, and also
 * when the admin's side went away first (a download of the client's data cut short still took some of it),
 * which 'finish' never sees.
 */
export function auditAdminAccess(events: EventBus, db: Database, logger: Logger): RequestHandler {
  return (req, res, next) => {
    // Named on the way in, as this middleware sees the path: when a download is cut short, the response closes
    // while the request is still deep in the routers.
    const action = `${req.method} ${req.baseUrl}${req.path}`.replace(/\/+$/, '');
    res.on('close', () => {
      if (res.statusCode >= 400 || !req.user) return;
      events
        .emit(db, {
          type: 'audited',
          actorId: req.user.id,
          action,
          targetClientId: req.tenantId ?? null,
          details: { completed: res.writableFinished },
        })
        .catch((err: unknown) => logger.error({ err }, 'audit entry not written'));
    });
    next();
  };
}
