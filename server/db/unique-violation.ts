/**
 * Postgres' unique_violation, whichever driver (pg, PGlite) and whether Drizzle wrapped it (the error or its
 * cause carries the code); with `constraint`, only a violation of that one.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 3; depth += 1) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return !constraint || name === constraint;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
