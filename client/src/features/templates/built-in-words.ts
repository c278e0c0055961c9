import type { Language } from '@shared/i18n/languages';
import type { Messages } from '@shared/i18n/resources';

// One file per language, fetched when the editor first shows that language (shared/locales/<language>).
const loaders = import.meta.glob<Messages>('../../../../shared/locales/*/messages.json', {
  import: 'default',
});

/** A language's customer words: its built-in templates and the opt-out words a text gets. */
export async function customerWordsIn(language: Language): Promise<Messages> {
  const load = loaders[`../../../../shared/locales/${language}/messages.json`];
  if (!load) throw new Error(`No messages for ${language}`);
  return load();
}
