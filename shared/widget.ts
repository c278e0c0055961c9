// The widget's words, without zod (the schemas are in shared/schemas/widget.ts, which exports these too).

/**
 * The website review widget (issue 16, part 1). Only reviews customers posted publicly (Google, Facebook)
 * can show: a `private` or `video` review was left on our page as feedback to the business, never as a
 * public statement, so no setting and no hand-pick can put one on a website.
 */
export const WIDGET_SOURCES = ['google', 'facebook'] as const;
export type WidgetSource = (typeof WIDGET_SOURCES)[number];
export const WIDGET_MODES = ['auto', 'hand-picked'] as const;
export type WidgetMode = (typeof WIDGET_MODES)[number];
export const WIDGET_LAYOUTS = ['carousel', 'grid', 'badge'] as const;
export type WidgetLayout = (typeof WIDGET_LAYOUTS)[number];
export const WIDGET_THEMES = ['light', 'dark'] as const;
export type WidgetTheme = (typeof WIDGET_THEMES)[number];

/** The most reviews a widget (and its wall page) shows; also the most an owner can hand-pick. */
export const WIDGET_MAX_REVIEWS = 12;
/** Reviews per page of the hand-pick list in Settings › Widget. */
export const WIDGET_PICK_PAGE_SIZE = 10;

export const WIDGET_MESSAGES = {
  minRating: 'Choose a minimum rating from 1 to 5 stars',
  sources: 'Choose at least one source',
  accentColor: 'Use a colour like #4f46e5',
  reviewIds: `Choose at most ${WIDGET_MAX_REVIEWS} reviews`,
  pickOne: 'Choose at least one review to show',
  notPickable: 'Only your own Google and Facebook reviews can be shown',
} as const;

/** A widget word with its `{{placeholders}}` filled ("Rated {{rating}} out of 5 stars"); unknown ones stay. */
export const fillWidgetWords = (words: string, values: Record<string, string | number>): string =>
  words.replace(/\{\{(\w+)\}\}/g, (match, name: string) => String(values[name] ?? match));
