import { and, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Whose rows a request may read and write: the client (tenant), and for a location-limited team member the
 * locations they work on (null: all of the client's). Resolved once per request (middleware/tenant.ts
 * `scopeOf`) and taken by the repositories, so a query cannot be written without it (issue 42, item 2).
 */
export interface Scope {
  ownerId: number;
  locationIds: number[] | null;
}

/** The whole client: jobs and owners, who see every location. */
export const wholeClient = (ownerId: number): Scope => ({ ownerId, locationIds: null });

/**
 * The rows of `scope`: owned by its client and, for a location-limited member, at one of their locations.
 * A row with no location (a review whose location was deleted) is outside a limited member's scope.
 */
export function inScope(scope: Scope, columns: { ownerId: AnyColumn; locationId: AnyColumn }): SQL {
  const owned = eq(columns.ownerId, scope.ownerId);
  if (scope.locationIds === null) return owned;
  if (scope.locationIds.length === 0) return and(owned, sql`false`)!;
  return and(owned, inArray(columns.locationId, scope.locationIds))!;
}
