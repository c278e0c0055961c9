import { sql, type SQL } from 'drizzle-orm';

/**
 * An integer written into a statement's text instead of bound as a parameter, for a constant the planner must
 * see: a partial index matches only a query with its own constant, and a prepared statement keeps its generic
 * plan only when no bound value makes the plans made with its values look cheaper. Integers only, never text
 * from a request.
 */
export const integerLiteral = (value: number): SQL => sql.raw(String(Math.trunc(value)));
