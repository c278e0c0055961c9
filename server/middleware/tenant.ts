import type { Request, RequestHandler } from 'express';
import { IdSchema } from '@shared/schemas/domain';
import { TEAM_MESSAGES, type TeamRole } from '@shared/schemas/team';
import { badRequest, forbidden, notFound } from '../lib/errors';
import { sessionOwnerOf, type SessionMembership } from '../lib/session-store';
import type { Scope } from '../db/scope';

declare module 'express-serve-static-core' {
  interface Request {
    /** The client whose rows this request reads and writes. */
    tenantId?: number;
    /** The caller's role in that client's team (issue 16): the client itself and an admin are owners. */
    teamRole?: TeamRole;
    /** The locations the caller may work on; null: all of the tenant's. */
    teamLocationIds?: number[] | null;
  }
}

/** A member user's business and role; undefined when they belong to none (app.ts hands in the team's). */
export type MembershipLookup = (userId: number) => Promise<SessionMembership | undefined>;
/** A user by id, as far as telling a client apart (app.ts hands in the account store's). */
export type UserLookup = (id: number) => Promise<{ id: number; role: string } | undefined>;

/**
 * The client's own area (after requireAuth): a client's tenant is itself, as owner; a team member's is the
 * business of their membership, with its role and locations; an admin at /api has its own, empty tenant.
 */
export function tenantFromUser(membershipOf: MembershipLookup): RequestHandler {
  return async (req, _res, next) => {
    const user = req.user!;
    if (user.role !== 'member') {
      req.tenantId = user.id;
      req.teamRole = 'owner';
      req.teamLocationIds = null;
      return next();
    }
    // Read with the session in the same statement, at the start of this request (lib/session-store.ts).
    const owner = sessionOwnerOf(req, user.id);
    const membership = owner ? owner.membership : await membershipOf(user.id);
    if (!membership || membership.clientDisabledAt) return next(forbidden(TEAM_MESSAGES.notMember));
    req.tenantId = membership.clientId;
    req.teamRole = membership.role;
    req.teamLocationIds = membership.locationIds;
    next();
  };
}

/**
 * An admin inside a client's area (`/api/admin/clients/:clientId/...`, after requireAdmin): the tenant is
 * the client named in the path, which must exist and be a client; the admin acts as its owner.
 */
export function tenantFromPath(findUser: UserLookup): RequestHandler {
  return async (req, _res, next) => {
    const parsed = IdSchema.safeParse(req.params.clientId);
    if (!parsed.success) return next(badRequest('Invalid client id'));
    const client = await findUser(parsed.data);
    if (!client || client.role !== 'client') return next(notFound('Client not found'));
    req.tenantId = client.id;
    req.teamRole = 'owner';
    req.teamLocationIds = null;
    next();
  };
}

/** The tenant of a request that went through tenantFromUser or tenantFromPath. */
export function tenantOf(req: Request): number {
  if (req.tenantId === undefined) throw new Error('tenantOf() used on a route without a tenant');
  return req.tenantId;
}

/** The locations the caller may see and act on (null: all); enforced in the repositories' SQL. */
export function locationsOf(req: Request): number[] | null {
  if (req.teamLocationIds === undefined) throw new Error('locationsOf() used on a route without a tenant');
  return req.teamLocationIds;
}

/** The client and the caller's locations together: what the repositories' scoped queries take. */
export function scopeOf(req: Request): Scope {
  return { ownerId: tenantOf(req), locationIds: locationsOf(req) };
}
