import type { Language } from '../i18n/languages';
import { z } from 'zod';
import { IdSchema } from './domain';
import {
  WIDGET_LAYOUTS,
  WIDGET_MAX_REVIEWS,
  WIDGET_MESSAGES,
  WIDGET_MODES,
  WIDGET_SOURCES,
  WIDGET_THEMES,
  type WidgetLayout,
  type WidgetSource,
  type WidgetTheme,
} from '../widget';

export * from '../widget';

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** What the owner chooses in Settings › Widget (PUT /api/widget-settings, and the preview's body). */
export const WidgetSettingsSchema = z
  .object({
    mode: z.enum(WIDGET_MODES),
    minRating: z.coerce
      .number({ error: WIDGET_MESSAGES.minRating })
      .int({ error: WIDGET_MESSAGES.minRating })
      .min(1, { error: WIDGET_MESSAGES.minRating })
      .max(5, { error: WIDGET_MESSAGES.minRating }),
    sources: z
      .array(z.enum(WIDGET_SOURCES))
      .min(1, { error: WIDGET_MESSAGES.sources })
      .max(WIDGET_SOURCES.length)
      .transform((list) => WIDGET_SOURCES.filter((source) => list.includes(source))),
    onlyWithText: z.boolean(),
    reviewIds: z
      .array(IdSchema)
      .max(WIDGET_MAX_REVIEWS, { error: WIDGET_MESSAGES.reviewIds })
      .transform((ids) => [...new Set(ids)]),
    layout: z.enum(WIDGET_LAYOUTS),
    theme: z.enum(WIDGET_THEMES),
    /** null: the theme's own colour. */
    accentColor: z.preprocess(
      (v) => (v === '' || v === undefined ? null : v),
      z.string().regex(HEX_COLOUR, { error: WIDGET_MESSAGES.accentColor }).nullable(),
    ),
  })
  .superRefine((value, ctx) => {
    if (value.mode === 'hand-picked' && value.reviewIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['reviewIds'], message: WIDGET_MESSAGES.pickOne });
    }
  });
export type WidgetSettingsInput = z.infer<typeof WidgetSettingsSchema>;
/** What the widget form holds before its rules apply. */
export type WidgetSettingsFormInput = z.input<typeof WidgetSettingsSchema>;

/** A client's widget settings as the API answers them. */
export interface WidgetSettings extends WidgetSettingsInput {
  /** The key in the embed snippet and the wall page's address; not a secret, but unguessable. */
  publicKey: string;
  /** The script the snippet loads and the wall page, on this server. */
  scriptUrl: string;
  wallUrl: string;
  updatedAt: string;
}

export const DEFAULT_WIDGET_SETTINGS: WidgetSettingsInput = {
  mode: 'auto',
  minRating: 4,
  sources: ['google', 'facebook'],
  onlyWithText: true,
  reviewIds: [],
  layout: 'carousel',
  theme: 'light',
  accentColor: null,
};

/** One review as the widget shows it: never a full name, contact, id or private text. */
export interface WidgetReview {
  /** First name and last initial: "Maria G." */
  name: string;
  rating: number;
  text: string;
  /** The day it was posted, YYYY-MM-DD. */
  date: string;
  source: WidgetSource;
}

export interface WidgetWords {
  rated: string;
  previous: string;
  next: string;
  position: string;
  collectedBy: string;
  reviewsOf: string;
  noneToShow: string;
  reviews: string;
  onSource: string;
}

/** GET /api/widget/{publicKey}: everything the widget shows, and nothing more. */
export interface PublicWidget {
  business: string;
  /** The client's public review page (their first location's), or null when they have no location yet. */
  reviewPageUrl: string | null;
  /**
   * Of all the business's Google and Facebook reviews, one decimal; null when none. The widget's rules
   * change what is listed, never this figure (issue 41): a filtered average is not the business's.
   */
  average: number | null;
  count: number;
  /** The figure's words, naming only the sources that have reviews: "from 7 Google and Facebook reviews". */
  countLabel: string;
  /** The visitor's language (`?lang=`, else Accept-Language, else English): the words below are in it. */
  language: Language;
  /** The widget's own words; `{{rating}}`, `{{current}}`, `{{total}}` and `{{source}}` are filled in by it. */
  words: WidgetWords;
  /** How many reviews the widget's rules list (all pages of the wall). */
  listed: number;
  layout: WidgetLayout;
  theme: WidgetTheme;
  accentColor: string | null;
  reviews: WidgetReview[];
}

/** A review the owner can hand-pick (their own, so the full name shows). */
export interface PickableReview {
  id: number;
  reviewerName: string;
  rating: number;
  content: string;
  source: WidgetSource;
  createdAt: string;
}

export interface PickableReviewPage {
  items: PickableReview[];
  total: number;
  page: number;
  pageSize: number;
}

/** The wall page's `?page=` (issue 16): whole numbers from 1, as the hand-pick list's; absent is page 1. */
export const WALL_PAGE_MESSAGE =
  'This page of reviews does not exist. Page numbers are whole numbers from 1.';
export const WallPageQuerySchema = z.object({
  page: z.coerce
    .number({ error: WALL_PAGE_MESSAGE })
    .int({ error: WALL_PAGE_MESSAGE })
    .min(1, { error: WALL_PAGE_MESSAGE })
    .max(100_000, { error: WALL_PAGE_MESSAGE })
    .default(1),
});

export const PickableReviewsQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int({ error: 'page must be a whole number' })
    .min(1, { error: 'page must be 1 or more' })
    .max(100_000, { error: 'page is too large' })
    .default(1),
});

/** 24 URL-safe characters (18 random bytes, base64url). */
export const WidgetKeyParamsSchema = z.object({
  publicKey: z.string().regex(/^[A-Za-z0-9_-]{24}$/, { error: 'Widget not found' }),
});

/** "Maria Garcia" → "Maria G."; one word stays as it is; no name → "A customer". */
export function shortReviewerName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return 'A customer';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const initial = last ? Array.from(last)[0]?.toLocaleUpperCase() : undefined;
  return initial ? `${first} ${initial}.` : first;
}
