import type { ErrorRequestHandler, RequestHandler } from 'express';
import { z } from 'zod';
import {
  codeForStatus,
  type ApiErrorBody,
  type ApiErrorCode,
  type FieldErrors,
} from '@shared/schemas/api-error';

/**
 * An error a service throws on purpose: its status, message and code are shown to the user. The code
 * follows from the status unless the thrower names one a form or screen must tell apart (`email_taken`).
 */
/** Postgres cannot store U+0000 in text: said the same whether a request or the database notices it. */
export const NUL_MESSAGE = 'Text must not contain the NUL character.';

export class AppError extends Error {
  readonly code: ApiErrorCode;

  constructor(
    readonly status: number,
    message: string,
    readonly details?: unknown,
    code?: ApiErrorCode,
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code ?? codeForStatus(status);
  }

  toBody(): ApiErrorBody {
    return this.details === undefined
      ? { message: this.message, code: this.code }
      : { message: this.message, code: this.code, details: this.details };
  }
}

export const badRequest = (message: string, details?: unknown, code?: ApiErrorCode) =>
  new AppError(400, message, details, code);
export const unauthorized = (message = 'You must be signed in', code?: ApiErrorCode) =>
  new AppError(401, message, undefined, code);
export const forbidden = (message = 'You are not allowed to do this') => new AppError(403, message);
export const notFound = (message = 'Not found', code?: ApiErrorCode) =>
  new AppError(404, message, undefined, code);
export const conflict = (message: string, code?: ApiErrorCode) => new AppError(409, message, undefined, code);

/** zod issues as `{ "field.path": [messages] }`; issues on the whole value go under `_root`. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const details: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_root';
    (details[key] ??= []).push(issue.message);
  }
  return details;
}

export function validationError(error: z.ZodError): AppError {
  const first = error.issues[0]?.message ?? 'Invalid request';
  return new AppError(400, first, fieldErrors(error), 'validation_failed');
}

interface ParserError {
  type?: string;
  status?: number;
  statusCode?: number;
  expose?: boolean;
  code?: string;
  name?: string;
  message?: string;
  cause?: { code?: string };
}

/** Postgres cannot store NUL in text (22021) or an invalid escape (22P05): the client's input, not our fault. */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);
/** busboy's complaints about a multipart body it cannot read (no boundary, a broken part, a cut body). */
const BROKEN_MULTIPART =
  /^(Multipart: Boundary not found|Malformed part header|Unexpected end of (form|multipart data)|Part terminated early)/;

/** Errors of the body parsers, multer and busboy, and the database's refusals of stored text, as 4xx. */
function fromParsers(err: ParserError): AppError | undefined {
  if (err.name === 'MulterError') {
    return err.code === 'LIMIT_FILE_SIZE'
      ? new AppError(413, 'The file is too large.')
      : new AppError(
          400,
          'The upload could not be read: send one file in the expected field.',
          undefined,
          'malformed_upload',
        );
  }
  if (typeof err.message === 'string' && BROKEN_MULTIPART.test(err.message)) {
    return new AppError(
      400,
      'The upload could not be read: the multipart body is malformed.',
      undefined,
      'malformed_upload',
    );
  }
  if (err.cause?.code && UNSTORABLE_TEXT.has(err.cause.code)) {
    return new AppError(400, NUL_MESSAGE, undefined, 'validation_failed');
  }
  return fromBodyParser(err);
}

function fromBodyParser(err: ParserError): AppError | undefined {
  switch (err.type) {
    case 'entity.too.large':
      return new AppError(413, 'Request body is too large');
    case 'entity.parse.failed':
      return new AppError(400, 'Malformed JSON in request body', undefined, 'malformed_json');
    case 'entity.too.deep':
      return new AppError(
        400,
        err.message ?? 'The JSON body is nested too deeply.',
        undefined,
        'malformed_json',
      );
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AppError(415, 'Unsupported request encoding');
    case 'request.aborted':
      return new AppError(400, 'Request aborted');
    default: {
      // Express's router: a path segment that is not valid percent-encoding ("/api/contacts/%zz").
      if (err instanceof URIError && err.status === 400)
        return new AppError(400, 'Malformed URL', undefined, 'malformed_url');
      // Any other client error the parsers raise (a body that claims gzip but is not, ...).
      const status = err.status ?? err.statusCode;
      if (err.expose && status !== undefined && status >= 400 && status < 500) {
        return new AppError(status, 'The request body could not be read.');
      }
      return undefined;
    }
  }
}

export const notFoundHandler: RequestHandler = (_req, _res, next) => {
  next(notFound('No such API route'));
};

/** The one error handler: every error answers `{ message, code, details? }`; internals never leak. */
export const errorHandler: ErrorRequestHandler = (err: unknown, req, res, _next) => {
  const appError =
    err instanceof AppError
      ? err
      : err instanceof z.ZodError
        ? validationError(err)
        : typeof err === 'object' && err !== null
          ? fromParsers(err as ParserError)
          : undefined;

  if (!appError) {
    req.log?.error({ err }, 'unhandled error');
    if (!res.headersSent)
      res.status(500).json({
        message: 'Something went wrong on our side. Please try again.',
        code: 'internal_error',
      } satisfies ApiErrorBody);
    return;
  }
  if (res.headersSent) return;
  res.status(appError.status).json(appError.toBody());
};
