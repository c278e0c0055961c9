import i18next from 'i18next';
import { useTranslation } from 'react-i18next';

import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@shared/i18n/languages';
import english from '@shared/locales/en/review-page.json';

/**
 * The words customers read on the review page (shared/locales/<language>/review-page.json), through i18next
 * (docs/decisions/018-customer-languages.md). English is in the page's own script, the fallback for any key
 * and the words of a link we could not read; any other language is its own small file, fetched when needed,
 * so a customer downloads one language. The owner's app renders the same form (the preview) with this one
 * instance: it never touches the app's document.
 */
export const customerI18n = i18next.createInstance();
void customerI18n.init({
  initAsync: false,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  ns: ['review-page'],
  defaultNS: 'review-page',
  resources: { en: { 'review-page': english } },
  // React escapes what it renders.
  interpolation: { escapeValue: false },
});

const loaders = import.meta.glob<object>(
  ['../../../shared/locales/*/review-page.json', '!../../../shared/locales/en/*'],
  { import: 'default' },
);

/** Fetches a language's words once (English is here already). */
export async function loadCustomerLanguage(language: Language): Promise<void> {
  if (customerI18n.hasResourceBundle(language, 'review-page')) return;
  const load = loaders[`../../../shared/locales/${language}/review-page.json`];
  if (!load) throw new Error(`No review page words for ${language}`);
  customerI18n.addResourceBundle(language, 'review-page', await load());
}

/** Shows the page in `language` once its words are here; a failed fetch keeps the current language. */
export async function showCustomerLanguage(language: Language): Promise<Language> {
  try {
    await loadCustomerLanguage(language);
    await customerI18n.changeLanguage(language);
  } catch {
    // Offline or a missing file: the customer keeps reading the language already shown.
  }
  return currentCustomerLanguage();
}

export function currentCustomerLanguage(): Language {
  const language = customerI18n.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** `t` for the review page's words, re-rendering when the customer switches language. */
export function useCustomerT() {
  const { t, i18n } = useTranslation('review-page', { i18n: customerI18n });
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return { t, language };
}

export type CustomerT = ReturnType<typeof useCustomerT>['t'];
