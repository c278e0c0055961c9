import type { Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import { validationError } from '../lib/errors';

interface Schemas {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
}

type Parsed<S extends Schemas> = {
  [K in keyof S]: S[K] extends z.ZodType ? z.infer<S[K]> : never;
};

type Handler<S extends Schemas> = (input: Parsed<S>, req: Request, res: Response) => unknown;

/**
 * Parses params, query and body with the shared zod schemas before the handler runs, and hands the
 * handler only the parsed, typed values. Bad input never reaches a service: it answers 400 with
 * per-field details.
 */
export function validate<S extends Schemas>(schemas: S, handler: Handler<S>): RequestHandler {
  return async (req, res) => {
    const input: Record<string, unknown> = {};
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = schemas[part];
      if (!schema) continue;
      const result = schema.safeParse(part === 'body' ? (req.body ?? {}) : req[part]);
      if (!result.success) throw validationError(result.error);
      input[part] = result.data;
    }
    await handler(input as Parsed<S>, req, res);
  };
}
