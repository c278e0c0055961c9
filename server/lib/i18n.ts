import i18next, { type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@shared/i18n/languages';
import { RESOURCES, type Messages } from '@shared/i18n/resources';
import type { Channel } from '@shared/schemas/domain';
import type { TemplateText } from '@shared/templates';

/**
 * The server's customer words in every language (shared/locales): emails' and texts' own words, the
 * unsubscribe pages, the widget and its wall. One i18next instance, loaded synchronously at import.
 */
const i18n = i18next.createInstance();
void i18n.init({
  initAsync: false,
  resources: RESOURCES,
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  ns: ['messages'],
  defaultNS: 'messages',
  // Nothing these words become is HTML until the caller escapes it (lib/mail/html, the pages' own escaping).
  interpolation: { escapeValue: false },
});

/** `t` for one language's server messages ("widget.rated", { rating }). */
export function messagesIn(language: Language): TFunction<'messages'> {
  return i18n.getFixedT(language, 'messages');
}

const messagesOf = (language: Language) => RESOURCES[language].messages as Messages;

/** The built-in template of a channel in a language, as written (its {{placeholders}} left for the renderer). */
export function builtInTemplateIn(channel: Channel, language: Language): TemplateText & { name: string } {
  const template = messagesOf(language).templates[channel];
  return {
    name: template.name,
    subject: 'subject' in template ? template.subject : null,
    body: template.body,
  };
}

/** "Reply STOP to opt out." in a language. */
export const optOutWordsIn = (language: Language): string => messagesOf(language).optOut;
