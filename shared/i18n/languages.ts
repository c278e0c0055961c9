/**
 * The languages customers read (issue 45): the review page, its errors, the widget and wall, the unsubscribe
 * pages and the built-in message templates. The owner's app stays in English. Messages live in
 * shared/locales/<language>/<namespace>.json, one plain file per language a translator can edit
 * (docs/decisions/018-customer-languages.md).
 */
export const LANGUAGES = ['en', 'es', 'fr', 'de', 'pt', 'it', 'nl', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language by its own name: a customer looks for "Deutsch", not "German". */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  pt: 'Português',
  it: 'Italiano',
  nl: 'Nederlands',
  ar: 'العربية',
};

/** The owner's lists (contact, location, template) name them in English. */
export const LANGUAGE_LABELS: Record<Language, string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  pt: 'Portuguese',
  it: 'Italian',
  nl: 'Dutch',
  ar: 'Arabic',
};

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

export const directionOf = (language: Language): 'rtl' | 'ltr' => (language === 'ar' ? 'rtl' : 'ltr');

/** "de-AT" → "de"; a tag we do not speak → null. */
export function languageOfTag(tag: string): Language | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : null;
}

/** The first of the browser's languages we speak (navigator.languages, in its order of preference). */
export function firstSpokenLanguage(tags: readonly string[]): Language | null {
  for (const tag of tags) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return null;
}

/**
 * The best language of an Accept-Language header (RFC 9110 12.5.4): highest q first, ties in the header's
 * order; q=0 means "not this one". Null when it names none we speak.
 */
export function languageFromAcceptLanguage(header: string | undefined | null): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.q > 0 && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return firstSpokenLanguage(ranked.map((entry) => entry.tag));
}

/** A language as people write it in a spreadsheet: "de", "de-AT", "German", "Deutsch" (any case); else null. */
export function languageOfWord(word: string): Language | null {
  const value = word.trim().toLowerCase();
  if (!value) return null;
  const byName = LANGUAGES.find(
    (l) => LANGUAGE_LABELS[l].toLowerCase() === value || LANGUAGE_NAMES[l].toLowerCase() === value,
  );
  return byName ?? (/^[a-z]{2,3}([-_][a-z0-9]{2,8})*$/.test(value) ? languageOfTag(value) : null);
}
