// Team members and invitations: the routes, the service app.ts wires, and the membership the tenant reads.
import type { Database } from '../../db/client';
import { membershipOf } from './team.repository';

export { createInvitationRoutes, createTeamAdminRoutes, createTeamRoutes } from './team.routes';
export { createTeamService } from './team.service';

/** A member user's business and role, undefined when they belong to none (middleware/tenant.ts is handed it). */
export function membershipLookup(db: Database) {
  return (userId: number) => membershipOf(db, userId);
}
