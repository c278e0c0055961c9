import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Provider } from '@shared/schemas/integrations';
import type { CreatedReview } from '../../lib/events';
import type { Database } from '../../db/client';
import { lockClientReviews } from '../../db/client-reviews-lock';
import { locations, reviews } from '../../db/schema';
import { inScope, type Scope } from '../../db/scope';

/** The database or a transaction. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** Rows written per INSERT of an import (well under Postgres' parameter limit). */
const IMPORT_BATCH = 200;

const locationColumns = {
  id: locations.id,
  name: locations.name,
  address: locations.address,
  googlePlaceId: locations.googlePlaceId,
  facebookPageUrl: locations.facebookPageUrl,
  googleLocationId: locations.googleLocationId,
  googleAccessToken: locations.googleAccessToken,
  googleRefreshToken: locations.googleRefreshToken,
  googleTokenExpiresAt: locations.googleTokenExpiresAt,
  facebookPageId: locations.facebookPageId,
  facebookAccessToken: locations.facebookAccessToken,
  googleSyncedAt: locations.googleSyncedAt,
  googleSyncError: locations.googleSyncError,
  googleReconnectNeededAt: locations.googleReconnectNeededAt,
  facebookSyncedAt: locations.facebookSyncedAt,
  facebookSyncError: locations.facebookSyncError,
  facebookReconnectNeededAt: locations.facebookReconnectNeededAt,
  googleConnectedReviewUrl: locations.googleConnectedReviewUrl,
  facebookConnectedReviewUrl: locations.facebookConnectedReviewUrl,
};

/** A location with its (sealed) provider tokens; never leaves the server. */
export type IntegrationLocation = {
  id: number;
  name: string;
  address: string;
  googlePlaceId: string | null;
  facebookPageUrl: string | null;
  googleLocationId: string | null;
  googleAccessToken: string | null;
  googleRefreshToken: string | null;
  googleTokenExpiresAt: Date | null;
  facebookPageId: string | null;
  facebookAccessToken: string | null;
  googleSyncedAt: Date | null;
  googleSyncError: string | null;
  googleReconnectNeededAt: Date | null;
  facebookSyncedAt: Date | null;
  facebookSyncError: string | null;
  facebookReconnectNeededAt: Date | null;
  /** The review links the connections gave (offered to customers when none was typed). */
  googleConnectedReviewUrl: string | null;
  facebookConnectedReviewUrl: string | null;
};

/** The sync bookkeeping columns of each provider. */
const SYNC_COLUMNS = {
  google: {
    syncedAt: locations.googleSyncedAt,
    error: locations.googleSyncError,
    reconnect: locations.googleReconnectNeededAt,
  },
  facebook: {
    syncedAt: locations.facebookSyncedAt,
    error: locations.facebookSyncError,
    reconnect: locations.facebookReconnectNeededAt,
  },
} as const;

/** A review as an import writes it. */
export interface ImportedReview {
  externalId: string;
  rating: number;
  /** A Facebook recommendation without stars; its rating is a stand-in kept out of star averages. */
  recommendation?: 'positive' | 'negative' | null;
  content: string;
  reviewerName: string;
  sourceUrl: string | null;
  createdAt: Date;
  responseContent: string | null;
  respondedAt: Date | null;
  /** The site the reply shows on, when the import found one. */
  responsePublishedTo: Provider | null;
}

/** Sets `values` on the client's reviews `ids` (none: nothing to do). */
async function setOnReviews(
  executor: Executor,
  ownerId: number,
  ids: number[],
  values: Partial<typeof reviews.$inferInsert>,
): Promise<void> {
  if (ids.length === 0) return;
  await executor
    .update(reviews)
    .set(values)
    .where(and(eq(reviews.ownerId, ownerId), inArray(reviews.id, ids)));
}

export function createIntegrationsRepository(db: Database) {
  const ownLocation = (ownerId: number, locationId?: number) =>
    locationId === undefined
      ? eq(locations.ownerId, ownerId)
      : and(eq(locations.ownerId, ownerId), eq(locations.id, locationId));

  return {
    /** The locations of `scope`: a location-limited member sees only theirs. */
    async listLocations(scope: Scope): Promise<IntegrationLocation[]> {
      return db
        .select(locationColumns)
        .from(locations)
        .where(inScope(scope, { ownerId: locations.ownerId, locationId: locations.id }))
        .orderBy(asc(locations.id));
    },

    async findLocation(ownerId: number, locationId: number): Promise<IntegrationLocation | undefined> {
      const [row] = await db.select(locationColumns).from(locations).where(ownLocation(ownerId, locationId));
      return row;
    },

    /** The id of the client's only location, or undefined when it has none or several. */
    async onlyLocationId(ownerId: number): Promise<number | undefined> {
      const rows = await db
        .select({ id: locations.id })
        .from(locations)
        .where(eq(locations.ownerId, ownerId))
        .limit(2);
      return rows.length === 1 ? rows[0]!.id : undefined;
    },

    /** The client's locations connected to a provider (reconnect-needed ones included: the caller decides). */
    async connectedLocations(ownerId: number, provider: Provider): Promise<IntegrationLocation[]> {
      const connected =
        provider === 'google'
          ? [isNotNull(locations.googleAccessToken), isNotNull(locations.googleLocationId)]
          : [isNotNull(locations.facebookAccessToken), isNotNull(locations.facebookPageId)];
      return db
        .select(locationColumns)
        .from(locations)
        .where(and(eq(locations.ownerId, ownerId), ...connected))
        .orderBy(asc(locations.id));
    },

    /**
     * Marks the location's connection as refused by the provider; answers true only for the call that
     * marked it (a breakage is announced once, not at every sync).
     */
    async markReconnectNeeded(
      executor: Executor,
      ownerId: number,
      locationId: number,
      provider: Provider,
      error: string,
    ): Promise<boolean> {
      const columns = SYNC_COLUMNS[provider];
      const rows = await executor
        .update(locations)
        .set(
          provider === 'google'
            ? { googleReconnectNeededAt: sql`now()`, googleSyncError: error }
            : { facebookReconnectNeededAt: sql`now()`, facebookSyncError: error },
        )
        .where(and(ownLocation(ownerId, locationId), isNull(columns.reconnect)))
        .returning({ id: locations.id });
      return rows.length > 0;
    },

    /** Records the end of one location's sync: when, and the error if it failed. */
    async recordSync(
      executor: Executor,
      ownerId: number,
      locationId: number,
      provider: Provider,
      error: string | null,
    ): Promise<void> {
      await executor
        .update(locations)
        .set(
          provider === 'google'
            ? { googleSyncedAt: sql`now()`, googleSyncError: error }
            : { facebookSyncedAt: sql`now()`, facebookSyncError: error },
        )
        .where(ownLocation(ownerId, locationId));
    },

    /** Stores the review link a connection made before issue 41 had not stored (filled by its sync). */
    async saveConnectedReviewUrl(
      executor: Executor,
      ownerId: number,
      locationId: number,
      provider: Provider,
      url: string,
    ): Promise<void> {
      await executor
        .update(locations)
        .set(provider === 'google' ? { googleConnectedReviewUrl: url } : { facebookConnectedReviewUrl: url })
        .where(ownLocation(ownerId, locationId));
    },

    transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(tx));
    },

    async saveGoogleConnection(
      ownerId: number,
      locationId: number,
      values: {
        accessToken: string;
        refreshToken: string | null;
        expiresAt: Date;
        googleLocationId: string | null;
        /** The linked Google location's review link, when Google gave one. */
        reviewUrl: string | null;
      },
    ): Promise<void> {
      await db
        .update(locations)
        .set({
          googleConnectedReviewUrl: values.reviewUrl,
          googleAccessToken: values.accessToken,
          // Google sends a refresh token with every consent (prompt=consent); keep the old one otherwise.
          googleRefreshToken: values.refreshToken ?? sql`${locations.googleRefreshToken}`,
          googleTokenExpiresAt: values.expiresAt,
          googleLocationId: values.googleLocationId,
          googleReconnectNeededAt: null,
          googleSyncError: null,
        })
        .where(ownLocation(ownerId, locationId));
    },

    async saveGoogleTokens(
      ownerId: number,
      locationId: number,
      values: { accessToken: string; refreshToken: string | null; expiresAt: Date },
    ): Promise<void> {
      await db
        .update(locations)
        .set({
          googleAccessToken: values.accessToken,
          googleRefreshToken: values.refreshToken,
          googleTokenExpiresAt: values.expiresAt,
        })
        .where(ownLocation(ownerId, locationId));
    },

    /** Clears the Google connection; answers the rows as they were, to revoke their grants. */
    async clearGoogle(ownerId: number, locationId?: number) {
      return db.transaction(async (tx) => {
        const before = await tx
          .select({
            id: locations.id,
            accessToken: locations.googleAccessToken,
            refreshToken: locations.googleRefreshToken,
          })
          .from(locations)
          .where(ownLocation(ownerId, locationId))
          .for('update');
        await tx
          .update(locations)
          .set({
            googleAccessToken: null,
            googleRefreshToken: null,
            googleTokenExpiresAt: null,
            googleLocationId: null,
            googleConnectedReviewUrl: null,
            googleReconnectNeededAt: null,
            googleSyncError: null,
            googleSyncedAt: null,
          })
          .where(ownLocation(ownerId, locationId));
        return before;
      });
    },

    async saveFacebookConnection(
      ownerId: number,
      locationId: number,
      page: { id: string; sealedToken: string; reviewUrl: string },
    ) {
      await db
        .update(locations)
        .set({
          facebookPageId: page.id,
          facebookAccessToken: page.sealedToken,
          facebookConnectedReviewUrl: page.reviewUrl,
          facebookReconnectNeededAt: null,
          facebookSyncError: null,
        })
        .where(ownLocation(ownerId, locationId));
    },

    async clearFacebook(ownerId: number, locationId?: number): Promise<number> {
      const rows = await db
        .update(locations)
        .set({
          facebookPageId: null,
          facebookAccessToken: null,
          facebookConnectedReviewUrl: null,
          facebookReconnectNeededAt: null,
          facebookSyncError: null,
          facebookSyncedAt: null,
        })
        .where(and(ownLocation(ownerId, locationId), isNotNull(locations.facebookAccessToken)))
        .returning({ id: locations.id });
      return rows.length;
    },

    /** What the sync watches of one location's imported reviews (reply-watch.ts): each with its site's id. */
    async watchedReviews(executor: Executor, ownerId: number, locationId: number, type: Provider) {
      return executor
        .select({
          id: reviews.id,
          externalId: reviews.externalId,
          rating: reviews.rating,
          content: reviews.content,
          reviewerName: reviews.reviewerName,
          responseContent: reviews.responseContent,
          responsePublishedTo: reviews.responsePublishedTo,
          respondedAt: reviews.respondedAt,
          ratingAtReply: reviews.ratingAtReply,
          removedFromSiteAt: reviews.removedFromSiteAt,
        })
        .from(reviews)
        .where(
          and(
            eq(reviews.ownerId, ownerId),
            eq(reviews.locationId, locationId),
            eq(reviews.type, type),
            isNotNull(reviews.externalId),
          ),
        )
        .orderBy(asc(reviews.id));
    },

    /**
     * The location's Facebook replies not asked about since `checkedBefore`, the longest unasked first, at most
     * `limit`: each sync asks Facebook about a few, so every reply is asked about about once a day.
     */
    async facebookRepliesToCheck(ownerId: number, locationId: number, checkedBefore: Date, limit: number) {
      return db
        .select({ id: reviews.id, commentId: reviews.responseExternalId })
        .from(reviews)
        .where(
          and(
            eq(reviews.ownerId, ownerId),
            eq(reviews.locationId, locationId),
            eq(reviews.type, 'facebook'),
            eq(reviews.responsePublishedTo, 'facebook'),
            isNotNull(reviews.responseExternalId),
            sql`(${reviews.replyCheckedAt} is null or ${reviews.replyCheckedAt} < ${checkedBefore})`,
          ),
        )
        .orderBy(sql`${reviews.replyCheckedAt} asc nulls first`, asc(reviews.id))
        .limit(limit);
    },

    /** Notes when Facebook was asked about these replies. */
    markRepliesChecked: (executor: Executor, ownerId: number, ids: number[], at: Date) =>
      setOnReviews(executor, ownerId, ids, { replyCheckedAt: at }),

    /** Marks reviews the sync no longer found on their site. */
    markRemovedFromSite: (executor: Executor, ownerId: number, ids: number[], at: Date) =>
      setOnReviews(executor, ownerId, ids, { removedFromSiteAt: at }),

    /** Replies the site no longer shows: they live in ReviewFlow only now, and say so. */
    markRepliesGoneFromSite: (executor: Executor, ownerId: number, ids: number[]) =>
      setOnReviews(executor, ownerId, ids, { responsePublishedTo: null, responseExternalId: null }),

    /**
     * Upserts one location's imported reviews, in batches, with the caller's transaction. A review already
     * imported (same source, location and external id: the partial unique index) is updated only when
     * something changed; a reply written here is kept when the site shows none. Answers how many rows were
     * created or changed, and the ones created.
     */
    async upsertImported(
      executor: Executor,
      ownerId: number,
      locationId: number,
      type: Provider,
      rows: ImportedReview[],
    ): Promise<{ written: number; created: CreatedReview[] }> {
      // The same review twice in one answer (a page boundary moving) would break ON CONFLICT: keep the last.
      const unique = [...new Map(rows.map((r) => [r.externalId, r])).values()];
      if (unique.length > 0) await lockClientReviews(executor, ownerId, 'many reviews');
      let written = 0;
      const created: CreatedReview[] = [];
      for (let start = 0; start < unique.length; start += IMPORT_BATCH) {
        const batch = unique.slice(start, start + IMPORT_BATCH).map((r) => ({
          ...r,
          ownerId,
          locationId,
          type,
          ratingAtReply: r.responseContent ? r.rating : null,
        }));
        const newReply = sql`coalesce(excluded.response_content, ${reviews.responseContent})`;
        const result = await executor
          .insert(reviews)
          .values(batch)
          .onConflictDoUpdate({
            target: [reviews.type, reviews.locationId, reviews.externalId],
            targetWhere: sql`${reviews.externalId} is not null`,
            set: {
              rating: sql`excluded.rating`,
              recommendation: sql`excluded.recommendation`,
              content: sql`excluded.content`,
              reviewerName: sql`excluded.reviewer_name`,
              sourceUrl: sql`excluded.source_url`,
              createdAt: sql`excluded.created_at`,
              responseContent: newReply,
              respondedAt: sql`case when excluded.response_content is null then ${reviews.respondedAt} else excluded.responded_at end`,
              // A reply found on the site is published there.
              responsePublishedTo: sql`case when excluded.response_content is null then ${reviews.responsePublishedTo} else excluded.type end`,
              // A reply first seen on the site (the owner answered there) was given at the rating it finds.
              ratingAtReply: sql`case when ${reviews.responseContent} is null and excluded.response_content is not null then excluded.rating else ${reviews.ratingAtReply} end`,
              // Found on its site again.
              removedFromSiteAt: null,
            },
            setWhere: sql`${reviews.ownerId} = excluded.owner_id and ((
              ${reviews.rating}, ${reviews.recommendation}, ${reviews.content}, ${reviews.reviewerName},
              ${reviews.sourceUrl}, ${reviews.createdAt}, ${reviews.responseContent}
            ) is distinct from (
              excluded.rating, excluded.recommendation, excluded.content, excluded.reviewer_name,
              excluded.source_url, excluded.created_at, ${newReply}
            ) or ${reviews.removedFromSiteAt} is not null)`,
          })
          .returning({
            id: reviews.id,
            rating: reviews.rating,
            reviewerName: reviews.reviewerName,
            content: reviews.content,
            // xmax is 0 on a row this statement inserted, the updating transaction's id on one it updated.
            inserted: sql<boolean>`(xmax = 0)`,
          });
        written += result.length;
        for (const row of result) {
          if (row.inserted)
            created.push({
              id: row.id,
              ownerId,
              type,
              rating: row.rating,
              reviewerName: row.reviewerName,
              content: row.content,
            });
        }
      }
      return { written, created };
    },
  };
}

export type IntegrationsRepository = ReturnType<typeof createIntegrationsRepository>;
