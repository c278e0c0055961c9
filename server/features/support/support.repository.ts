import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { userIdentityColumns } from '../../db/user-columns';
import { locations, templates, users } from '../../db/schema';
import type { Channel } from '@shared/schemas/domain';

export interface LocationSetup {
  id: number;
  name: string;
  hasGoogleLink: boolean;
  hasFacebookLink: boolean;
  googleConnected: boolean;
}

export interface ChannelTemplate {
  channel: Channel;
  name: string;
  isDefault: boolean;
}

/** Reads only what the support screens need; never a token, only whether one is set. */
export function createSupportRepository(db: Database) {
  return {
    async locationsOf(ownerId: number): Promise<LocationSetup[]> {
      return db
        .select({
          id: locations.id,
          name: locations.name,
          // The links the public page offers (typed, else the connection's): a place id alone offers none.
          hasGoogleLink: sql<boolean>`coalesce(nullif(${locations.googleReviewUrl}, ''), ${locations.googleConnectedReviewUrl}, '') <> ''`,
          hasFacebookLink: sql<boolean>`coalesce(nullif(${locations.facebookPageUrl}, ''), ${locations.facebookConnectedReviewUrl}, '') <> ''`,
          googleConnected: sql<boolean>`(${locations.googleAccessToken} is not null and ${locations.googleLocationId} is not null)`,
        })
        .from(locations)
        .where(eq(locations.ownerId, ownerId))
        .orderBy(asc(locations.id))
        .limit(200);
    },

    /** The client's templates per channel, the default of each channel first. */
    async templatesOf(ownerId: number): Promise<ChannelTemplate[]> {
      return db
        .select({ channel: templates.channel, name: templates.name, isDefault: templates.isDefault })
        .from(templates)
        .where(eq(templates.ownerId, ownerId))
        .orderBy(sql`${templates.isDefault} desc`, asc(templates.id))
        .limit(500);
    },

    async findUser(id: number) {
      const [row] = await db
        .select({
          ...userIdentityColumns,
          planId: users.planId,
          createdAt: users.createdAt,
        })
        .from(users)
        .where(eq(users.id, id));
      return row;
    },

    async databaseUp(): Promise<boolean> {
      return db.execute(sql`select 1`).then(
        () => true,
        () => false,
      );
    },
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;
