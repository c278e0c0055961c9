import type { Request, RequestHandler } from 'express';
import type { Database } from '../db/client';
import { createUsersRepository } from '../features/auth/users.repository';
import { IdSchema } from '@shared/schemas/domain';
import { badRequest, notFound } from '../lib/errors';

declare module 'express-serve-static-core' {
  interface Request {
    /** The client whose rows this request reads and writes. */
    tenantId?: number;
  }
}

/** The client's own area: the tenant is the signed-in user (after requireAuth). */
export const tenantFromUser: RequestHandler = (req, _res, next) => {
  req.tenantId = req.user!.id;
  next();
};

/**
 * An admin inside a client's area (`/api/admin/clients/:clientId/...`, after requireAdmin): the tenant is
 * the client named in the path, which must exist and be a client.
 */
export function tenantFromPath(db: Database): RequestHandler {
  const users = createUsersRepository(db);
  return async (req, _res, next) => {
    const parsed = IdSchema.safeParse(req.params.clientId);
    if (!parsed.success) return next(badRequest('Invalid client id'));
    const client = await users.findById(parsed.data);
    if (!client || client.role !== 'client') return next(notFound('Client not found'));
    req.tenantId = client.id;
    next();
  };
}

/** The tenant of a request that went through tenantFromUser or tenantFromPath. */
export function tenantOf(req: Request): number {
  if (req.tenantId === undefined) throw new Error('tenantOf() used on a route without a tenant');
  return req.tenantId;
}
