import pino from 'pino';

export type Logger = pino.Logger;

// Anything that could carry a secret is never written to the logs.
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordHash',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
];

/** What the logs write in place of a secret. */
export const REDACTED = '[redacted]';

interface FailedQuery {
  query: string;
  params: unknown[];
  cause?: unknown;
}

/** Drizzle's DrizzleQueryError: the SQL, its parameter values (user data), and the driver's error. */
function isFailedQuery(err: unknown): err is Error & FailedQuery {
  return err instanceof Error && typeof (err as Partial<FailedQuery>).query === 'string' && 'params' in err;
}

/** What the database said, with its code and where; never a value (a key's value is in `detail`). */
function describeDatabaseError(cause: unknown): string {
  if (!(cause instanceof Error)) return 'unknown database error';
  const { code, constraint, table, column } = cause as Error & Record<string, string | undefined>;
  const where = [
    table && `table ${table}`,
    column && `column ${column}`,
    constraint && `constraint ${constraint}`,
  ]
    .filter(Boolean)
    .join(', ');
  return `${code ? `[${code}] ` : ''}${cause.message}${where ? ` (${where})` : ''}`;
}

/**
 * An error's message, safe to log or store: a failed query keeps its SQL and the database's complaint but
 * loses its parameter values, which may be a password hash, an email or a token.
 */
export function safeErrorMessage(err: unknown): string {
  if (isFailedQuery(err)) return `Failed query: ${err.query}: ${describeDatabaseError(err.cause)}`;
  return err instanceof Error ? err.message : String(err);
}

/** pino's error serializer, minus what a failed query would leak (message, stack, params, cause). */
export function serializeError(err: unknown): unknown {
  if (!isFailedQuery(err)) return err instanceof Error ? pino.stdSerializers.err(err) : err;
  const message = safeErrorMessage(err);
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return { type: err.name, message, query: err.query, stack: [message, ...frames].join('\n') };
}

/**
 * Standard output, written asynchronously: lines that come while a write is under way go out together in the
 * next one, instead of a system call per request line (issue 13). pino writes what is left when the process
 * exits, whatever the reason, short of being killed outright.
 */
const standardOutput = () => pino.destination({ dest: 1, sync: false });

export function createLogger(
  level: pino.LevelWithSilent,
  destination: pino.DestinationStream = standardOutput(),
): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACT, censor: REDACTED },
      serializers: { err: serializeError },
    },
    destination,
  );
}
