import { firstSpokenLanguage, languageOfTag, type Language } from '@shared/i18n/languages';

const PARAM = 'lang';

/** The language the customer chose on this page (kept in the address, so a reload keeps it), if any. */
export function chosenLanguage(search: string = window.location.search): Language | null {
  const value = new URLSearchParams(search).get(PARAM);
  return value ? languageOfTag(value) : null;
}

/** Remembers the customer's choice in the address, without a new history entry. */
export function rememberChosenLanguage(language: Language): void {
  const url = new URL(window.location.href);
  url.searchParams.set(PARAM, language);
  window.history.replaceState(window.history.state, '', url);
}

/**
 * The language to fetch while the page's data is on its way: the chosen one, else the browser's (which the
 * server falls back to as well). A contact's or location's own language may still replace it.
 */
export function likelyLanguage(): Language | null {
  return chosenLanguage() ?? firstSpokenLanguage(navigator.languages ?? [navigator.language]);
}
