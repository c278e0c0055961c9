import { randomBytes } from 'node:crypto';
import { DEFAULT_LANGUAGE, type Language } from '@shared/i18n/languages';
import {
  shortReviewerName,
  WIDGET_MESSAGES,
  WIDGET_PICK_PAGE_SIZE,
  WIDGET_SOURCES,
  type PickableReviewPage,
  type PublicWidget,
  type WidgetSettings,
  type WidgetSettingsInput,
  type WidgetSource,
  type WidgetWords,
} from '@shared/schemas/widget';
import type { AppContext } from '../../lib/context';
import { badRequest, notFound } from '../../lib/errors';
import { messagesIn } from '../../lib/i18n';
import {
  createWidgetRepository,
  type WidgetOwner,
  type WidgetRepository,
  type WidgetSettingsRow,
} from './widget.repository';

export const WIDGET_NOT_FOUND = 'Widget not found';

const SOURCE_NAMES: Record<WidgetSource, string> = { google: 'Google', facebook: 'Facebook' };

/** "from 7 Google and Facebook reviews" in the visitor's language, naming only the sources that have some. */
function countLabelOf(counts: Record<WidgetSource, number>, language: Language): string {
  const t = messagesIn(language);
  const total = WIDGET_SOURCES.reduce((sum, source) => sum + counts[source], 0);
  if (total === 0) return t('widget.noReviews');
  const [first, second] = WIDGET_SOURCES.filter((source) => counts[source] > 0).map((s) => SOURCE_NAMES[s]);
  const sources = second ? t('widget.sourcesBoth', { first, second }) : first!;
  return t('widget.countFrom', { count: total, sources });
}

/** The widget's own words in a language; what depends on one review stays a {{placeholder}} for it to fill. */
function widgetWordsIn(language: Language, business: string): WidgetWords {
  const t = messagesIn(language);
  const keep = (name: string) => `{{${name}}}`;
  return {
    rated: t('widget.rated', { rating: keep('rating') }),
    previous: t('widget.previous'),
    next: t('widget.next'),
    position: t('widget.position', { current: keep('current'), total: keep('total') }),
    collectedBy: t('widget.collectedBy', { business }),
    reviewsOf: t('widget.reviewsOf', { business }),
    noneToShow: t('widget.noneToShow'),
    reviews: t('widget.reviews'),
    onSource: t('widget.onSource', { source: keep('source') }),
  };
}

/** 18 random bytes, base64url: 24 characters, the format WidgetKeyParamsSchema accepts. */
export function newWidgetKey(): string {
  return randomBytes(18).toString('base64url');
}

function toInput(row: WidgetSettingsRow): WidgetSettingsInput {
  return {
    mode: row.mode,
    minRating: row.minRating,
    sources: row.sources,
    onlyWithText: row.onlyWithText,
    reviewIds: row.reviewIds,
    layout: row.layout,
    theme: row.theme,
    accentColor: row.accentColor,
  };
}

export function createWidgetService(repo: WidgetRepository, publicBaseUrl: string) {
  const show = (row: WidgetSettingsRow): WidgetSettings => ({
    ...toInput(row),
    publicKey: row.publicKey,
    scriptUrl: `${publicBaseUrl}/widget.js`,
    wallUrl: `${publicBaseUrl}/wall/${row.publicKey}`,
    updatedAt: row.updatedAt.toISOString(),
  });

  /** What a widget with these settings shows: the answer of GET /api/widget/{key}, the preview, the wall. */
  async function widgetFor(
    owner: WidgetOwner,
    settings: WidgetSettingsInput,
    page = 1,
    language: Language = DEFAULT_LANGUAGE,
  ): Promise<PublicWidget> {
    const [rows, { listed, bySource }] = await Promise.all([
      repo.selection(owner.ownerId, settings, page),
      repo.figures(owner.ownerId, settings),
    ]);
    const count = bySource.google.count + bySource.facebook.count;
    const ratingSum = bySource.google.ratingSum + bySource.facebook.ratingSum;
    const business = owner.companyName.trim() || owner.firstName;
    return {
      business,
      reviewPageUrl: owner.publicLink ? `${publicBaseUrl}/review/${owner.publicLink}` : null,
      average: count === 0 ? null : Math.round((ratingSum / count) * 10) / 10,
      count,
      countLabel: countLabelOf(
        { google: bySource.google.count, facebook: bySource.facebook.count },
        language,
      ),
      language,
      words: widgetWordsIn(language, business),
      listed,
      layout: settings.layout,
      theme: settings.theme,
      accentColor: settings.accentColor,
      // Field by field: nothing of a review leaves the server unless named here.
      reviews: rows.map((row) => ({
        name: shortReviewerName(row.reviewerName),
        rating: row.rating,
        text: row.content.trim(),
        date: row.createdAt.toISOString().slice(0, 10),
        source: row.type,
      })),
    };
  }

  async function checkPicks(ownerId: number, settings: WidgetSettingsInput): Promise<void> {
    const found = await repo.countPickable(ownerId, settings.reviewIds);
    if (found !== settings.reviewIds.length) {
      throw badRequest(WIDGET_MESSAGES.notPickable, { reviewIds: [WIDGET_MESSAGES.notPickable] });
    }
  }

  return {
    async get(ownerId: number): Promise<WidgetSettings> {
      return show(await repo.findOrCreate(ownerId, newWidgetKey()));
    },

    async save(ownerId: number, settings: WidgetSettingsInput): Promise<WidgetSettings> {
      await checkPicks(ownerId, settings);
      await repo.findOrCreate(ownerId, newWidgetKey());
      const row = await repo.save(ownerId, settings);
      if (!row) throw notFound(WIDGET_NOT_FOUND);
      return show(row);
    },

    /** A new key: every snippet and wall link with the old one stops working at once. */
    async rotateKey(ownerId: number): Promise<WidgetSettings> {
      await repo.findOrCreate(ownerId, newWidgetKey());
      const row = await repo.setKey(ownerId, newWidgetKey());
      if (!row) throw notFound(WIDGET_NOT_FOUND);
      return show(row);
    },

    /** The widget as these (unsaved) settings would show it, for the preview in Settings › Widget. */
    async preview(ownerId: number, settings: WidgetSettingsInput): Promise<PublicWidget> {
      const owner = await repo.ownerOf(ownerId);
      if (!owner) throw notFound(WIDGET_NOT_FOUND);
      return widgetFor(owner, settings);
    },

    async pickable(ownerId: number, page: number): Promise<PickableReviewPage> {
      const { rows, total } = await repo.pickable(ownerId, page, WIDGET_PICK_PAGE_SIZE);
      return {
        items: rows.map((row) => ({
          id: row.id,
          reviewerName: row.reviewerName,
          rating: row.rating,
          content: row.content,
          source: row.type,
          createdAt: row.createdAt.toISOString(),
        })),
        total,
        page,
        pageSize: WIDGET_PICK_PAGE_SIZE,
      };
    },

    /**
     * The public answer for a key; null for an unknown key or a disabled client's. `page` past 1: the wall's
     * older reviews, by the same rules (a page past the last is empty).
     */
    async publicWidget(publicKey: string, page = 1, language?: Language): Promise<PublicWidget | null> {
      const found = await repo.findByKey(publicKey);
      return found ? widgetFor(found.owner, toInput(found.settings), page, language) : null;
    },
  };
}

export type WidgetService = ReturnType<typeof createWidgetService>;

export function widgetServiceFor(ctx: AppContext): WidgetService {
  return createWidgetService(createWidgetRepository(ctx.db), ctx.env.publicBaseUrl);
}
