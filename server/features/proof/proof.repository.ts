import { and, asc, desc, eq, gt, inArray, isNull, lte, notExists, sql } from 'drizzle-orm';
import {
  GENESIS_HASH,
  PROOF_WINDOW_MONTHS,
  type ProofEntryKind,
  type ProofRatingFigures,
  type ProofSite,
} from '@shared/schemas/proof';
import type { Database } from '../../db/client';
import { proofChainHeads, proofLog, proofPublications, proofSettings, reviews, users } from '../../db/schema';

export type ProofSettingsRow = typeof proofSettings.$inferSelect;
export type ProofPublicationRow = typeof proofPublications.$inferSelect;

export interface ProofLogRow {
  seq: number;
  kind: ProofEntryKind;
  rating: number | null;
  offered: ProofSite[];
  at: Date;
  prevHash: string;
  hash: string;
}

/** An enabled proof page's owner, found by its public address. */
export interface PublicProofOwner {
  ownerId: number;
  companyName: string;
  firstName: string;
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export function createProofRepository(db: Database) {
  return {
    async findSettings(ownerId: number): Promise<ProofSettingsRow | undefined> {
      const [row] = await db.select().from(proofSettings).where(eq(proofSettings.ownerId, ownerId));
      return row;
    },

    /** Creates or replaces the owner's settings; a slug another client holds throws the unique violation. */
    async saveSettings(ownerId: number, values: { enabled: boolean; slug: string }, now: Date) {
      const [row] = await db
        .insert(proofSettings)
        .values({ ownerId, ...values, updatedAt: now })
        .onConflictDoUpdate({ target: proofSettings.ownerId, set: { ...values, updatedAt: now } })
        .returning();
      return row!;
    },

    async namesOf(ownerId: number): Promise<{ companyName: string; firstName: string }> {
      const [row] = await db
        .select({ companyName: users.companyName, firstName: users.firstName })
        .from(users)
        .where(eq(users.id, ownerId));
      return row ?? { companyName: '', firstName: '' };
    },

    async isSlugTaken(slug: string, ownerId: number): Promise<boolean> {
      const [row] = await db
        .select({ ownerId: proofSettings.ownerId })
        .from(proofSettings)
        .where(eq(proofSettings.slug, slug));
      return row !== undefined && row.ownerId !== ownerId;
    },

    /** A disabled client's page shows nothing, as its widget and review links do not. */
    async ownerOfPublicPage(slug: string): Promise<PublicProofOwner | undefined> {
      const [row] = await db
        .select({
          ownerId: proofSettings.ownerId,
          companyName: users.companyName,
          firstName: users.firstName,
        })
        .from(proofSettings)
        .innerJoin(users, eq(users.id, proofSettings.ownerId))
        .where(and(eq(proofSettings.slug, slug), eq(proofSettings.enabled, true), isNull(users.disabledAt)));
      return row;
    },

    async latestPublication(ownerId: number): Promise<ProofPublicationRow | undefined> {
      const [row] = await db
        .select()
        .from(proofPublications)
        .where(eq(proofPublications.ownerId, ownerId))
        .orderBy(desc(proofPublications.day))
        .limit(1);
      return row;
    },

    /**
     * Counts the figures from the log up to its head now, over the twelve months before `now`, with the
     * business's public reviews, and stores them as the day's publication (replacing one made earlier that day).
     * Entries up to the head never change, so the head and the counts agree without a lock.
     */
    async publish(ownerId: number, now: Date): Promise<ProofPublicationRow> {
      const [head] = await db
        .select({ seq: proofChainHeads.seq, hash: proofChainHeads.hash })
        .from(proofChainHeads)
        .where(eq(proofChainHeads.ownerId, ownerId));
      const { seq, hash } = head ?? { seq: 0, hash: GENESIS_HASH };

      const counted = await db
        .select({
          kind: proofLog.kind,
          rating: proofLog.rating,
          offered: sql<boolean>`cardinality(${proofLog.offered}) > 0`,
          entries: sql<number>`count(*)::int`,
        })
        .from(proofLog)
        .where(
          and(
            eq(proofLog.ownerId, ownerId),
            lte(proofLog.seq, seq),
            gt(
              proofLog.at,
              sql`${now.toISOString()}::timestamptz - make_interval(months => ${PROOF_WINDOW_MONTHS})`,
            ),
            lte(proofLog.at, now),
          ),
        )
        .groupBy(sql`1, 2, 3`);

      const byRating: ProofRatingFigures[] = [1, 2, 3, 4, 5].map((rating) => ({
        rating,
        rated: 0,
        offered: 0,
      }));
      let asked = 0;
      for (const row of counted) {
        if (row.kind === 'invited') asked += row.entries;
        else if (row.rating !== null && byRating[row.rating - 1]) {
          byRating[row.rating - 1]!.rated += row.entries;
          if (row.offered) byRating[row.rating - 1]!.offered += row.entries;
        }
      }
      const offeredPublicLinks = byRating.reduce((sum, figures) => sum + figures.offered, 0);
      const rated = byRating.reduce((sum, figures) => sum + figures.rated, 0);

      // A Facebook recommendation without stars counts as a review but has no stars to average.
      const [publicReviews] = await db
        .select({
          count: sql<number>`count(*)::int`,
          average: sql<
            number | null
          >`avg(${reviews.rating}) filter (where ${reviews.recommendation} is null)::float8`,
        })
        .from(reviews)
        .where(and(eq(reviews.ownerId, ownerId), inArray(reviews.type, ['google', 'facebook'])));

      const values = {
        seq,
        hash,
        publishedAt: now,
        asked,
        offeredPublicLinks,
        filtered: rated - offeredPublicLinks,
        byRating,
        average: publicReviews?.average ?? null,
        count: publicReviews?.count ?? 0,
      };
      const [row] = await db
        .insert(proofPublications)
        .values({ ownerId, day: utcDay(now), ...values })
        .onConflictDoUpdate({ target: [proofPublications.ownerId, proofPublications.day], set: values })
        .returning();
      return row!;
    },

    /** Enabled pages not yet published on `now`'s UTC day. */
    async ownersDueForPublication(now: Date): Promise<number[]> {
      const rows = await db
        .select({ ownerId: proofSettings.ownerId })
        .from(proofSettings)
        .where(
          and(
            eq(proofSettings.enabled, true),
            notExists(
              db
                .select({ one: sql`1` })
                .from(proofPublications)
                .where(
                  and(
                    eq(proofPublications.ownerId, proofSettings.ownerId),
                    eq(proofPublications.day, utcDay(now)),
                  ),
                ),
            ),
          ),
        );
      return rows.map((row) => row.ownerId);
    },

    /** Up to `limit` entries after `after`, oldest first, and whether more follow. */
    async logPage(ownerId: number, after: number, limit: number) {
      const rows: ProofLogRow[] = await db
        .select({
          seq: proofLog.seq,
          kind: proofLog.kind,
          rating: proofLog.rating,
          offered: proofLog.offered,
          at: proofLog.at,
          prevHash: proofLog.prevHash,
          hash: proofLog.hash,
        })
        .from(proofLog)
        .where(and(eq(proofLog.ownerId, ownerId), gt(proofLog.seq, after)))
        .orderBy(asc(proofLog.seq))
        .limit(limit + 1);
      return { entries: rows.slice(0, limit), more: rows.length > limit };
    },
  };
}

export type ProofRepository = ReturnType<typeof createProofRepository>;
