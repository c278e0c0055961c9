import type { RequestHandler } from 'express';
import { forbidden, unauthorized } from '../lib/errors';

export const requireAuth: RequestHandler = (req, _res, next) => {
  next(req.user ? undefined : unauthorized());
};

export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(unauthorized());
  next(req.user.role === 'admin' ? undefined : forbidden('Administrators only'));
};
