import { sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  languageFromAcceptLanguage,
  languageOfTag,
  type Language,
} from '@shared/i18n/languages';
import { contacts, locations } from './schema';

/**
 * The language a customer reads (issue 45), in one place: their contact's, else the location's default; on
 * the review page, then their browser's (Accept-Language); else English. A query that joins `contacts` and
 * `locations` selects `savedLanguageSql`; a message (no browser) uses `messageLanguageSql`.
 */
export const savedLanguageSql: SQL<Language | null> = sql<Language | null>`coalesce(${contacts.language}, ${locations.defaultLanguage})`;

export const messageLanguageSql: SQL<Language> = sql<Language>`coalesce(${contacts.language}, ${locations.defaultLanguage}, ${DEFAULT_LANGUAGE})`;

/** The saved language, else the browser's, else English. */
export function customerLanguage(saved: string | null | undefined, acceptLanguage?: string | null): Language {
  if (isLanguage(saved)) return saved;
  return languageFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE;
}

/** A visitor of a public page with no contact behind it (widget, wall): `?lang=`, else their browser's. */
export function visitorLanguage(langParam: unknown, acceptLanguage: string | undefined): Language {
  const chosen = typeof langParam === 'string' ? languageOfTag(langParam) : null;
  return chosen ?? customerLanguage(null, acceptLanguage);
}
