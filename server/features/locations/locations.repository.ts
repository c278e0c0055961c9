import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { locations } from '../../db/schema';

export type LocationRow = typeof locations.$inferSelect;
type NewLocationRow = typeof locations.$inferInsert;

/** Postgres' unique_violation, whichever driver and whether Drizzle wrapped it. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 3; depth += 1) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export function createLocationsRepository(db: Database) {
  return {
    async list(ownerId: number): Promise<LocationRow[]> {
      return db
        .select()
        .from(locations)
        .where(eq(locations.ownerId, ownerId))
        .orderBy(asc(locations.name), asc(locations.id));
    },

    async findById(ownerId: number, id: number): Promise<LocationRow | undefined> {
      const [row] = await db
        .select()
        .from(locations)
        .where(and(eq(locations.ownerId, ownerId), eq(locations.id, id)));
      return row;
    },

    async insert(row: NewLocationRow): Promise<LocationRow> {
      const [created] = await db.insert(locations).values(row).returning();
      return created!;
    },

    async update(
      ownerId: number,
      id: number,
      changes: Partial<NewLocationRow>,
    ): Promise<LocationRow | undefined> {
      if (Object.keys(changes).length === 0) return this.findById(ownerId, id);
      const [row] = await db
        .update(locations)
        .set(changes)
        .where(and(eq(locations.ownerId, ownerId), eq(locations.id, id)))
        .returning();
      return row;
    },

    /** Deleting a location deletes its review requests (cascade); its reviews stay, unlinked. */
    async remove(ownerId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(locations)
        .where(and(eq(locations.ownerId, ownerId), eq(locations.id, id)))
        .returning({ id: locations.id });
      return rows.length > 0;
    },
  };
}

export type LocationsRepository = ReturnType<typeof createLocationsRepository>;
