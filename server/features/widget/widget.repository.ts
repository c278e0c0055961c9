import { and, asc, count, desc, eq, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_WIDGET_SETTINGS,
  WIDGET_MAX_REVIEWS,
  WIDGET_SOURCES,
  type WidgetSettingsInput,
  type WidgetSource,
} from '@shared/schemas/widget';
import type { Database } from '../../db/client';
import { locations, reviews, users, widgetSettings } from '../../db/schema';

export type WidgetSettingsRow = typeof widgetSettings.$inferSelect;

/** A review as the repository hands it to the service, which decides what of it leaves the server. */
export interface WidgetReviewRow {
  reviewerName: string;
  rating: number;
  content: string;
  type: WidgetSource;
  createdAt: Date;
}

export interface WidgetOwner {
  ownerId: number;
  companyName: string;
  firstName: string;
  /** The first location's permanent review link, or null with no location. */
  publicLink: string | null;
}

export interface WidgetFigures {
  /** How many reviews the widget's rules select. */
  listed: number;
  /** Every public review of the business, per source, whatever the rules select. */
  bySource: Record<WidgetSource, { count: number; ratingSum: number }>;
}

export interface PickableRow extends WidgetReviewRow {
  id: number;
}

/** The rows a selection matches: always the owner's and always from a public source. */
function selectionOf(ownerId: number, settings: WidgetSettingsInput): SQL {
  const base = [eq(reviews.ownerId, ownerId), inArray(reviews.type, [...WIDGET_SOURCES])];
  if (settings.mode === 'hand-picked') {
    // An empty pick matches nothing (`id = any('{}')`), never everything.
    return and(...base, inArray(reviews.id, settings.reviewIds.length ? settings.reviewIds : [0]))!;
  }
  return and(
    ...base,
    inArray(reviews.type, settings.sources),
    gte(reviews.rating, settings.minRating),
    ...(settings.onlyWithText ? [sql`btrim(${reviews.content}) <> ''`] : []),
  )!;
}

const reviewColumns = {
  reviewerName: reviews.reviewerName,
  rating: reviews.rating,
  content: reviews.content,
  type: sql<WidgetSource>`${reviews.type}`,
  createdAt: reviews.createdAt,
};

export function createWidgetRepository(db: Database) {
  return {
    async find(ownerId: number): Promise<WidgetSettingsRow | undefined> {
      const [row] = await db.select().from(widgetSettings).where(eq(widgetSettings.ownerId, ownerId));
      return row;
    },

    /** The client's row, made with the defaults and `publicKey` when there is none yet (two first reads race safely). */
    async findOrCreate(ownerId: number, publicKey: string): Promise<WidgetSettingsRow> {
      await db
        .insert(widgetSettings)
        .values({ ownerId, publicKey, ...DEFAULT_WIDGET_SETTINGS })
        .onConflictDoNothing({ target: widgetSettings.ownerId });
      const [row] = await db.select().from(widgetSettings).where(eq(widgetSettings.ownerId, ownerId));
      return row!;
    },

    async save(ownerId: number, settings: WidgetSettingsInput): Promise<WidgetSettingsRow | undefined> {
      const [row] = await db
        .update(widgetSettings)
        .set({ ...settings, updatedAt: sql`now()` })
        .where(eq(widgetSettings.ownerId, ownerId))
        .returning();
      return row;
    },

    async setKey(ownerId: number, publicKey: string): Promise<WidgetSettingsRow | undefined> {
      const [row] = await db
        .update(widgetSettings)
        .set({ publicKey, updatedAt: sql`now()` })
        .where(eq(widgetSettings.ownerId, ownerId))
        .returning();
      return row;
    },

    /** The settings behind a public key, with their owner; a disabled client's widget shows nothing. */
    async findByKey(
      publicKey: string,
    ): Promise<{ settings: WidgetSettingsRow; owner: WidgetOwner } | undefined> {
      const firstLink = db
        .select({ publicLink: locations.publicLink })
        .from(locations)
        .where(eq(locations.ownerId, widgetSettings.ownerId))
        .orderBy(asc(locations.id))
        .limit(1);
      const [row] = await db
        .select({
          settings: widgetSettings,
          companyName: users.companyName,
          firstName: users.firstName,
          publicLink: sql<string | null>`(${firstLink})`,
        })
        .from(widgetSettings)
        .innerJoin(users, eq(users.id, widgetSettings.ownerId))
        .where(and(eq(widgetSettings.publicKey, publicKey), isNull(users.disabledAt)));
      if (!row) return undefined;
      const { settings, ...owner } = row;
      return { settings, owner: { ownerId: settings.ownerId, ...owner } };
    },

    async ownerOf(ownerId: number): Promise<WidgetOwner | undefined> {
      const [row] = await db
        .select({
          companyName: users.companyName,
          firstName: users.firstName,
          publicLink: sql<string | null>`(${db
            .select({ publicLink: locations.publicLink })
            .from(locations)
            .where(eq(locations.ownerId, ownerId))
            .orderBy(asc(locations.id))
            .limit(1)})`,
        })
        .from(users)
        .where(eq(users.id, ownerId));
      return row ? { ownerId, ...row } : undefined;
    },

    /**
     * The newest reviews of the selection, WIDGET_MAX_REVIEWS a page (page 1: the widget's; later pages: the
     * wall's older reviews). It walks reviews_owner_type_idx (owner, type, created_at desc) for the sources;
     * a page is an offset along that index.
     */
    async selection(ownerId: number, settings: WidgetSettingsInput, page = 1): Promise<WidgetReviewRow[]> {
      return db
        .select(reviewColumns)
        .from(reviews)
        .where(selectionOf(ownerId, settings))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(WIDGET_MAX_REVIEWS)
        .offset((page - 1) * WIDGET_MAX_REVIEWS);
    },

    /**
     * In one aggregate over the owner's public reviews (reviews_owner_type_idx): how many the selection
     * lists, and each source's count and rating sum whatever it lists. review_totals keeps counts per source
     * but one rating sum for every source, so it cannot answer the average of the public ones. A Facebook
     * recommendation has no stars (its rating is a stand-in): it is no part of a star average.
     */
    async figures(ownerId: number, settings: WidgetSettingsInput): Promise<WidgetFigures> {
      const rated = isNull(reviews.recommendation);
      const rows = await db
        .select({
          type: sql<WidgetSource>`${reviews.type}`,
          listed: sql<number>`(count(*) filter (where ${selectionOf(ownerId, settings)}))::int`,
          count: sql<number>`(count(*) filter (where ${rated}))::int`,
          ratingSum: sql<number>`coalesce(sum(${reviews.rating}) filter (where ${rated}), 0)::int`,
        })
        .from(reviews)
        .where(and(eq(reviews.ownerId, ownerId), inArray(reviews.type, [...WIDGET_SOURCES])))
        .groupBy(reviews.type);
      const of = (source: WidgetSource) => {
        const row = rows.find((r) => r.type === source);
        return { count: row?.count ?? 0, ratingSum: row?.ratingSum ?? 0 };
      };
      return {
        listed: rows.reduce((sum, row) => sum + row.listed, 0),
        bySource: { google: of('google'), facebook: of('facebook') },
      };
    },

    /** The owner's public-source reviews, newest first, a page at a time (the hand-pick list). */
    async pickable(
      ownerId: number,
      page: number,
      pageSize: number,
    ): Promise<{ rows: PickableRow[]; total: number }> {
      const where = and(eq(reviews.ownerId, ownerId), inArray(reviews.type, [...WIDGET_SOURCES]));
      const rows = await db
        .select({ id: reviews.id, ...reviewColumns })
        .from(reviews)
        .where(where)
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [total] = await db.select({ count: count() }).from(reviews).where(where);
      return { rows, total: total?.count ?? 0 };
    },

    /** How many of these ids are the owner's public-source reviews. */
    async countPickable(ownerId: number, ids: number[]): Promise<number> {
      if (ids.length === 0) return 0;
      const [row] = await db
        .select({ count: count() })
        .from(reviews)
        .where(
          and(
            eq(reviews.ownerId, ownerId),
            inArray(reviews.type, [...WIDGET_SOURCES]),
            inArray(reviews.id, ids),
          ),
        );
      return row?.count ?? 0;
    },
  };
}

export type WidgetRepository = ReturnType<typeof createWidgetRepository>;
