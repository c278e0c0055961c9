import { and, asc, count, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { locations } from '../../db/schema';
import { inScope, type Scope } from '../../db/scope';
import { lockUserRow } from '../../db/user-row-lock';

export type LocationRow = typeof locations.$inferSelect;
type NewLocationRow = typeof locations.$inferInsert;

/** A location is its own place: a limited member's scope is matched on its id. */
const mine = (scope: Scope) => inScope(scope, { ownerId: locations.ownerId, locationId: locations.id });

export function createLocationsRepository(db: Database) {
  return {
    async list(scope: Scope): Promise<LocationRow[]> {
      return db.select().from(locations).where(mine(scope)).orderBy(asc(locations.name), asc(locations.id));
    },

    async findById(scope: Scope, id: number): Promise<LocationRow | undefined> {
      const [row] = await db
        .select()
        .from(locations)
        .where(and(mine(scope), eq(locations.id, id)));
      return row;
    },

    /**
     * Inserts the owner's location once `admit` has seen how many they have (it may throw), counted and
     * written in one transaction behind the owner's row lock: parallel creations count in turn, so they
     * cannot all pass the same count and leave more than the plan allows.
     */
    async insert(
      row: NewLocationRow,
      admit: (tx: Transaction, existing: number) => Promise<void>,
    ): Promise<LocationRow> {
      return db.transaction(async (tx) => {
        await lockUserRow(tx, row.ownerId);
        const [counted] = await tx
          .select({ n: count() })
          .from(locations)
          .where(eq(locations.ownerId, row.ownerId));
        await admit(tx, counted?.n ?? 0);
        const [created] = await tx.insert(locations).values(row).returning();
        return created!;
      });
    },

    async update(
      scope: Scope,
      id: number,
      changes: Partial<NewLocationRow>,
    ): Promise<LocationRow | undefined> {
      if (Object.keys(changes).length === 0) return this.findById(scope, id);
      const [row] = await db
        .update(locations)
        .set(changes)
        .where(and(mine(scope), eq(locations.id, id)))
        .returning();
      return row;
    },

    /** Deleting a location deletes its review requests (cascade); its reviews stay, unlinked. */
    async remove(scope: Scope, id: number): Promise<boolean> {
      const rows = await db
        .delete(locations)
        .where(and(mine(scope), eq(locations.id, id)))
        .returning({ id: locations.id });
      return rows.length > 0;
    },
  };
}

export type LocationsRepository = ReturnType<typeof createLocationsRepository>;
