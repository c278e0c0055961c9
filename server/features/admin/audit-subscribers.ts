import type { Subscribers } from '../../lib/events';
import { recordAudit } from './admin-audit.repository';

/** The audit log keeps what other features and the admin's passage through a client's area report. */
export const auditSubscribers: Subscribers = {
  audited: (tx, { actorId, action, targetClientId, details }) =>
    recordAudit(tx, { actorId, action, targetClientId, details }),
};
